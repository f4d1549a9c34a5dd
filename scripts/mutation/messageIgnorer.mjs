/**
 * A StrykerJS ignorer: mutants that only change the words of a validation message are left out
 * of the score (issue #18 asks for "text-only mutants excluded by configuration where they only
 * change messages"). What counts as message-only, and nothing more:
 *
 * - the message of `issues.add(path, message)` / `r.set(path, message)`: any argument after the
 *   first of a call to a method named `add` or `set` (the first is the field's path, which the
 *   forms and the 400 body depend on, so it stays), and the value of `issues.fields.x = message`;
 * - the bodies of the helpers that only build message text (`rangeMessage`, `countMessage`,
 *   `groupDigits`, `characterLimitMessage`, `fmt`, `withNotes`);
 * - the `label` argument of the small checks (`checkInt(issues, path, value, label, …)` and
 *   kin): the word a message starts with ("Steps must be 1 to 50"), never the path or the range;
 * - the `feature` name of an unsupported native parameter and the `unit` a range message ends
 *   with (" seconds for motion-2.5"), and the text `message` and `action` of an error (what the
 *   user reads): words only;
 * - the `basis` wording of a price estimate (how the figure was reached, in words): wherever a
 *   value is bound to that name or passed as the basis of `usd(…)`.
 *
 * Anything that decides a verdict, a price, a state or an "≈" label is still mutated.
 * Stryker's ignorer plugins: stryker-mutator/stryker-js#4487.
 */
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin'

const MESSAGE_HELPERS = new Set([
  'rangeMessage',
  'countMessage',
  'groupDigits',
  'characterLimitMessage',
  'fmt',
  'withNotes',
])

/** Checks whose arguments at these positions are the words of a message (a label, a text). */
const MESSAGE_ARGUMENTS = new Map([
  ['checkInt', [3]],
  ['checkNumber', [3]],
  ['checkString', [3]],
  ['checkBoolean', [3]],
  ['checkOneOf', [3]],
  ['checkUrlList', [3]],
  ['checkSide', [3]],
  ['checkImageField', [3, 4]],
])

const nameOfCallee = (callee) =>
  callee?.type === 'MemberExpression' && callee.property?.type === 'Identifier'
    ? callee.property.name
    : undefined

/** A string, a template or a concatenation of them: words, not a decision. */
const isText = (node) =>
  node?.type === 'StringLiteral' ||
  node?.type === 'TemplateLiteral' ||
  (node?.type === 'BinaryExpression' &&
    node.operator === '+' &&
    (isText(node.left) || isText(node.right)))

const isBasis = (node) => node?.type === 'Identifier' && node.name === 'basis'

/**
 * A value given the name `basis` (a property, a variable, `basis +=`, a parameter's default) or
 * passed as the basis of `usd(micros, approximate, basis)`.
 */
function bindsBasis(path) {
  const node = path.node
  const parent = path.parentPath?.node
  if (node.type === 'ObjectProperty' && isBasis(node.key)) return true
  if (path.key === 'init' && parent?.type === 'VariableDeclarator' && isBasis(parent.id))
    return true
  if (path.key === 'right' && parent?.type === 'AssignmentExpression' && isBasis(parent.left))
    return true
  if (path.key === 'right' && parent?.type === 'AssignmentPattern' && isBasis(parent.left))
    return true
  return (
    path.listKey === 'arguments' &&
    path.key === 2 &&
    parent?.type === 'CallExpression' &&
    parent.callee.type === 'Identifier' &&
    parent.callee.name === 'usd'
  )
}

class MessageIgnorer {
  shouldIgnore(path) {
    const node = path.node
    if (
      path.listKey === 'arguments' &&
      typeof path.key === 'number' &&
      path.key >= 1 &&
      path.parentPath?.isCallExpression() &&
      ['add', 'set'].includes(nameOfCallee(path.parentPath.node.callee))
    ) {
      return 'the words of a validation message'
    }
    if (
      path.listKey === 'arguments' &&
      path.parentPath?.isCallExpression() &&
      path.parentPath.node.callee.type === 'Identifier' &&
      MESSAGE_ARGUMENTS.get(path.parentPath.node.callee.name)?.includes(path.key)
    ) {
      return 'the label a validation message starts with'
    }
    const parent = path.parentPath?.node
    if (
      path.key === 'right' &&
      parent?.type === 'AssignmentExpression' &&
      parent.left.type === 'MemberExpression' &&
      parent.left.object.type === 'MemberExpression' &&
      parent.left.object.property?.type === 'Identifier' &&
      parent.left.object.property.name === 'fields'
    ) {
      return 'the words of a validation message'
    }
    if (
      (node.type === 'VariableDeclarator' || node.type === 'FunctionDeclaration') &&
      node.id?.type === 'Identifier' &&
      MESSAGE_HELPERS.has(node.id.name)
    ) {
      return 'a helper that only builds message text'
    }
    if (
      node.type === 'ObjectProperty' &&
      node.key?.type === 'Identifier' &&
      (['feature', 'unit'].includes(node.key.name) ||
        (['message', 'action'].includes(node.key.name) && isText(node.value)))
    ) {
      return 'words only: a feature name, a unit or an error text'
    }
    if (bindsBasis(path)) return 'the wording of how a price was reached'
    return undefined
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Ignore, 'message-text', MessageIgnorer),
]
