/**
 * A StrykerJS ignorer: mutants that only change the words of a message are left out of the score
 * (issue #18: "text-only mutants excluded by configuration where they only change messages").
 * Every rule needs text in a message position: a string, a template or a concatenation of them
 * where only a message can go. No rule is keyed on a property name alone, since a property's
 * value may be stored data (issue #32: a price's `basis` feeds the ledger's quoted totals and the
 * CSV, so it is mutated like any figure). What counts as message-only, and nothing more:
 *
 * - the text of `issues.add(path, message)` (any argument after the path, which the forms and the
 *   400 body depend on, so it stays) and of `issues.fields.x = message`;
 * - the bodies of the functions that only build a validation message (`rangeMessage`,
 *   `countMessage`, `characterLimitMessage`), when they are functions (a value of that name is
 *   data like any other);
 * - the text `label` argument of the small checks (`checkInt(issues, path, value, label, …)` and
 *   kin): the word a message starts with ("Steps must be 1 to 50"), never the path or the range,
 *   and the text `unit` a range message ends with, in those checks' options (" seconds");
 * - the text `message` and `action` of an error (what the user reads), and the text a schema
 *   check refuses with (`z.string().min(1, 'message')`, `.refine(test, 'message')`).
 *
 * Anything that decides a verdict, a price, a basis, a state or an "≈" label is still mutated.
 * Each rule is pinned by test/packaging/mutationIgnorer.test.ts with a mutant it must not ignore.
 * Stryker's ignorer plugins: stryker-mutator/stryker-js#4487.
 */
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin'

/** Functions that only build the words of a validation message. */
const MESSAGE_HELPERS = new Set(['rangeMessage', 'countMessage', 'characterLimitMessage'])

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

/** Where the options of those checks go (`{ unit }` ends the range message). */
const OPTIONS_ARGUMENT = 5

/** A string, a template or a concatenation of them: words, not a decision. */
const isText = (node) =>
  node?.type === 'StringLiteral' ||
  node?.type === 'TemplateLiteral' ||
  (node?.type === 'BinaryExpression' &&
    node.operator === '+' &&
    (isText(node.left) || isText(node.right)))

const isName = (node, name) => node?.type === 'Identifier' && node.name === name

const isFunction = (node) =>
  node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression'

/** `issues.add(path, 'text')`: the text after the path. */
function isIssueText(path) {
  const call = path.parentPath?.node
  return (
    path.listKey === 'arguments' &&
    typeof path.key === 'number' &&
    path.key >= 1 &&
    call?.type === 'CallExpression' &&
    call.callee.type === 'MemberExpression' &&
    isName(call.callee.object, 'issues') &&
    isName(call.callee.property, 'add') &&
    isText(path.node)
  )
}

/** `issues.fields.x = 'text'`. */
function isFieldText(path) {
  const parent = path.parentPath?.node
  return (
    path.key === 'right' &&
    parent?.type === 'AssignmentExpression' &&
    parent.left.type === 'MemberExpression' &&
    parent.left.object.type === 'MemberExpression' &&
    isName(parent.left.object.object, 'issues') &&
    isName(parent.left.object.property, 'fields') &&
    isText(path.node)
  )
}

/** The text label of `checkInt(issues, path, value, 'Label', …)` and kin. */
function isCheckLabel(path) {
  const call = path.parentPath?.node
  return (
    path.listKey === 'arguments' &&
    call?.type === 'CallExpression' &&
    call.callee.type === 'Identifier' &&
    MESSAGE_ARGUMENTS.get(call.callee.name)?.includes(path.key) === true &&
    isText(path.node)
  )
}

/** `unit: ' seconds'` in the options of one of those checks. */
function isCheckUnit(path) {
  const node = path.node
  const object = path.parentPath
  const call = object?.parentPath?.node
  return (
    node.type === 'ObjectProperty' &&
    isName(node.key, 'unit') &&
    isText(node.value) &&
    object.node.type === 'ObjectExpression' &&
    object.listKey === 'arguments' &&
    object.key === OPTIONS_ARGUMENT &&
    call?.type === 'CallExpression' &&
    call.callee.type === 'Identifier' &&
    MESSAGE_ARGUMENTS.has(call.callee.name)
  )
}

/** `function rangeMessage(…) {…}` or `const rangeMessage = (…) => …`. */
function isMessageHelper(node) {
  if (node.type === 'FunctionDeclaration') return MESSAGE_HELPERS.has(node.id?.name)
  return (
    node.type === 'VariableDeclarator' &&
    node.id?.type === 'Identifier' &&
    MESSAGE_HELPERS.has(node.id.name) &&
    isFunction(node.init)
  )
}

/** Zod checks whose text argument after the first is the message of the refusal. */
const SCHEMA_CHECKS = new Set(['min', 'max', 'length', 'regex', 'refine'])

/** `z.string().min(1, 'text')`, `.refine(fn, 'text')`: the text, never the bound or the test. */
function isSchemaMessage(path) {
  const call = path.parentPath?.node
  return (
    path.listKey === 'arguments' &&
    path.key === 1 &&
    call?.type === 'CallExpression' &&
    call.callee.type === 'MemberExpression' &&
    call.callee.property?.type === 'Identifier' &&
    SCHEMA_CHECKS.has(call.callee.property.name) &&
    isText(path.node)
  )
}

/** `message: 'text'` / `action: 'text'`: the words of an error. */
const isErrorText = (node) =>
  node.type === 'ObjectProperty' &&
  node.key?.type === 'Identifier' &&
  ['message', 'action'].includes(node.key.name) &&
  isText(node.value)

class MessageIgnorer {
  shouldIgnore(path) {
    if (isIssueText(path) || isFieldText(path)) return 'the words of a validation message'
    if (isCheckLabel(path)) return 'the label a validation message starts with'
    if (isCheckUnit(path)) return 'the unit a range message ends with'
    if (isSchemaMessage(path)) return 'the words of a schema refusal'
    if (isMessageHelper(path.node)) return 'a helper that only builds message text'
    if (isErrorText(path.node)) return 'the words of an error'
    return undefined
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Ignore, 'message-text', MessageIgnorer),
]
