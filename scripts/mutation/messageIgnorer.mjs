/**
 * A StrykerJS ignorer: mutants that only change the words of a validation message are left out
 * of the score (issue #18 asks for "text-only mutants excluded by configuration where they only
 * change messages"). What counts as message-only, and nothing more:
 *
 * - the message of `issues.add(path, message)` / `r.set(path, message)`: any argument after the
 *   first of a call to a method named `add` or `set` (the first is the field's path, which the
 *   forms and the 400 body depend on, so it stays), and the value of `issues.fields.x = message`;
 * - the bodies of the helpers that only build message text (`rangeMessage`, `countMessage`,
 *   `groupDigits`, `characterLimitMessage`, `fmt`);
 * - the `basis` wording of a price estimate (how the figure was reached, in words).
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
])

const nameOfCallee = (callee) =>
  callee?.type === 'MemberExpression' && callee.property?.type === 'Identifier'
    ? callee.property.name
    : undefined

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
      node.key.name === 'basis'
    ) {
      return 'the wording of how a price was reached'
    }
    return undefined
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Ignore, 'message-text', MessageIgnorer),
]
