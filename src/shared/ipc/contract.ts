/**
 * The one IPC contract between the renderer and main. Every invoke channel is `domain:verb`, takes
 * one payload object validated by its zod schema in main, and answers a `Result<T>`; every event
 * main pushes is listed in `eventContract`. The preload exposes exactly these, nothing generic, and
 * main's handler map must implement every channel (checked by `satisfies Handlers`).
 */
import { z } from 'zod'

import {
  batchIdSchema,
  batchInputSchema,
  batchSubmitSchema,
  wildcardListSchema,
  wildcardNameSchema,
} from '../batch/schemas'
import type { BatchGridView, BatchPlanView, BatchView, WildcardList } from '../batch/types'
import {
  chatEditLastSchema,
  chatReplySchema,
  chatSendSchema,
  chatTitleSchema,
  conversationIdSchema,
  textEndpointSchema,
  textModelIdSchema,
} from '../chat/schemas'
import type {
  ChatDeleteResult,
  ChatDeltaEvent,
  ChatModelsView,
  ChatSearchHit,
  ChatSendResult,
  ChatUpdatedEvent,
  ConversationSummary,
  ConversationView,
} from '../chat/types'
import type {
  CollectionDeleteReceipt,
  LibraryCollection,
  OrganiseReceipt,
  TagCount,
} from '../library/organise'
import type { TermCount } from '../library/promptTerms'
import {
  collectionIdSchema,
  collectionNameSchema,
  libraryCursorSchema,
  libraryFilterSchema,
  libraryIdSchema,
  libraryIdsSchema,
  localPathSchema,
  organisePatchSchema,
  posterDataUrlSchema,
  ratingSchema,
  tagSchema,
} from '../library/schemas'
import type { ParsedSettings } from '../library/settings'
import type { DuplicatesView, SimilarView } from '../library/similar'
import type {
  DeleteReceipt,
  ImportReport,
  LibraryChange,
  LibraryItem,
  LibraryMonth,
  LibraryPage,
  LibraryStatus,
  LibraryTile,
} from '../library/types'
import {
  type Preset,
  presetFieldsSchema,
  presetFormSchema,
  presetNameSchema,
} from '../presets/schemas'
import type { Result } from '../result'
import { budgetsSchema, spendRangeSchema } from '../spending/schemas'
import type { BudgetState, SpendSummary } from '../spending/types'
import { submitNativeSchema, submitTaskSchema, submitWorkbenchSchema } from '../tasks/submit'
import type { OpenedResult, TasksUpdate, TaskView } from '../tasks/views'

/** A channel definition: documentation, the input schema, and the output type (type-only). */
const channel =
  <O>() =>
  <I extends z.ZodType>(doc: string, input: I) => ({
    doc,
    input,
    output: undefined as unknown as O,
  })
/** An event definition: documentation and the payload type (type-only). */
const event = <P>(doc: string) => ({ doc, payload: undefined as unknown as P })

const empty = z.object({}).strict()
/** A task's local id (a UUID made by main). */
const taskIdSchema = z.string().min(1).max(64)

// ───────────────────────────── shared field schemas ─────────────────────────────

/** A base URL: https, or http only on loopback. Normalisation happens in main. */
export const baseUrlSchema = z.string().trim().min(1, 'Enter the service address').max(2048)
/** A raw API key: written only, never read back over IPC. */
export const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'The API key looks too short')
  .max(4096, 'The API key is too long')
  .refine((k) => !/\s/.test(k), 'The API key must not contain spaces')

export const concurrencySchema = z.object({
  image: z.number().int().min(1).max(16),
  video: z.number().int().min(1).max(32),
  art: z.number().int().min(1).max(8),
  workbench: z.number().int().min(1).max(8),
})

// ───────────────────────────── views (what main sends back) ─────────────────────────────

/** Settings as the renderer may see them: the key itself is never here, only whether it exists. */
export interface SettingsView {
  baseUrl: string | null
  hasKey: boolean
  /** At most the last four characters of the key, for recognition ("…a1b2"). */
  keyHint: string | null
  libraryDir: string
  concurrency: z.infer<typeof concurrencySchema>
  secureStore: { available: boolean; backend: string; reason?: string }
  demo: { active: boolean }
}

export interface AppInfo {
  name: string
  version: string
  platform: string
  /** Versions of the runtime parts, for the About box and bug reports. */
  versions: Record<string, string>
}

// ───────────────────────────── invoke channels ─────────────────────────────

export const invokeContract = {
  // ── app ──
  'app:info': channel<AppInfo>()('Name, version and platform for About and bug reports.', empty),
  'app:reload': channel<null>()(
    'Load the app again in the window that asks: the Reload button of the page shown after a failed load or a renderer crash.',
    empty,
  ),

  // ── settings ──
  'settings:get': channel<SettingsView>()(
    'Current settings; the key only as hasKey/keyHint.',
    empty,
  ),
  'settings:update': channel<SettingsView>()(
    'Change non-secret settings. A base URL is normalised and must be https (http only on loopback).',
    z
      .object({
        baseUrl: baseUrlSchema.optional(),
        concurrency: concurrencySchema.partial().optional(),
      })
      .strict(),
  ),
  'settings:connect': channel<SettingsView>()(
    'First run: save the base URL and store the key in the OS keychain, in one step.',
    z.object({ baseUrl: baseUrlSchema, key: apiKeySchema }).strict(),
  ),
  'settings:setKey': channel<SettingsView>()(
    'Store (replace) the key for the current base URL in the OS keychain. Write-only.',
    z.object({ key: apiKeySchema }).strict(),
  ),
  'settings:clearKey': channel<SettingsView>()(
    'Delete the key for the current base URL from the keychain.',
    empty,
  ),
  'settings:chooseLibraryDir': channel<SettingsView>()(
    'Let the user pick the library folder with the OS dialog; unchanged if cancelled.',
    empty,
  ),

  // ── shell ──
  'shell:openExternal': channel<null>()(
    'Open an http(s) link in the OS browser. Any other scheme is refused.',
    z.object({ url: z.string().max(8192) }).strict(),
  ),

  // ── library ──
  'library:status': channel<LibraryStatus>()(
    'The library folder, whether it is usable (missing, read-only), item count and unreadable files.',
    empty,
  ),
  'library:query': channel<LibraryPage>()(
    'A page of tiles, newest first, strictly after the cursor (keyset); skip jumps a few rows (grid seeks).',
    z
      .object({
        filter: libraryFilterSchema.default({}),
        after: libraryCursorSchema.nullable().optional(),
        limit: z.number().int().min(1).max(500).optional(),
        skip: z.number().int().min(0).max(100_000).optional(),
      })
      .strict(),
  ),
  'library:months': channel<LibraryMonth[]>()(
    'Item counts per month (newest first) for a filter: the scrubber and grid positions.',
    z.object({ filter: libraryFilterSchema.default({}) }).strict(),
  ),
  'library:models': channel<Array<{ model: string; count: number }>>()(
    'Models present in the library with their counts, for the model filter.',
    empty,
  ),
  'library:ids': channel<string[]>()(
    'Every ID matching a filter in grid order (Select all, export all).',
    z.object({ filter: libraryFilterSchema.default({}) }).strict(),
  ),
  'library:get': channel<LibraryItem>()(
    'One item with everything: prompt, parameters, seed, cost, task, size, hash, path.',
    z.object({ id: libraryIdSchema }).strict(),
  ),
  'library:setFavourite': channel<LibraryTile>()(
    'Mark or unmark a favourite (written to the sidecar).',
    z.object({ id: libraryIdSchema, favourite: z.boolean() }).strict(),
  ),
  'library:delete': channel<DeleteReceipt>()(
    'Delete items: held for undo, then moved to the OS trash. Returns the undo token.',
    z.object({ ids: libraryIdsSchema }).strict(),
  ),
  'library:undoDelete': channel<LibraryTile[]>()(
    'Restore a delete while its undo window is open.',
    z.object({ token: z.string().min(1).max(64) }).strict(),
  ),
  'library:import': channel<ImportReport>()(
    'Copy files the user dropped into the library (originals untouched; duplicates found by hash).',
    z.object({ paths: z.array(localPathSchema).min(1).max(10_000) }).strict(),
  ),
  'library:export': channel<{ path: string; count: number } | null>()(
    'Write the items and their sidecars into a ZIP chosen with the save dialog; null if cancelled.',
    z.object({ ids: libraryIdsSchema }).strict(),
  ),
  'library:reveal': channel<null>()(
    "Show the item's file in the OS file manager.",
    z.object({ id: libraryIdSchema }).strict(),
  ),
  'library:openExternal': channel<null>()(
    "Open the item's file with the OS default application.",
    z.object({ id: libraryIdSchema }).strict(),
  ),
  'library:startDrag': channel<null>()(
    "Start an OS drag of the items' files (call from the renderer's dragstart).",
    z.object({ ids: libraryIdsSchema }).strict(),
  ),
  'library:readSettings': channel<ParsedSettings>()(
    'Settings embedded in a PNG on disk (ours, NovelAI or A1111), for "apply settings" on a form.',
    z.object({ path: localPathSchema }).strict(),
  ),
  'library:setPoster': channel<LibraryTile>()(
    'Store the poster frame the renderer grabbed from a video (data URL) as its thumbnail.',
    z
      .object({
        id: libraryIdSchema,
        dataUrl: posterDataUrlSchema,
        replace: z.boolean().optional(),
      })
      .strict(),
  ),
  'library:reconcile': channel<LibraryStatus>()(
    'Re-read the library folder now (Rescan): new, changed and vanished files.',
    empty,
  ),
  'library:promptTokens': channel<TermCount[]>()(
    "Prompt autocomplete: the library prompts' comma-separated tags and words that start with the prefix (case-insensitive), each with the number of prompts using it, most used first.",
    z
      .object({
        prefix: z.string().trim().min(1).max(200),
        limit: z.number().int().min(1).max(50).optional(),
      })
      .strict(),
  ),
  'library:setRating': channel<OrganiseReceipt>()(
    'Set the stars (0–5, 0 clears) of items, in their sidecars. The receipt holds the previous ratings: pass `before` to library:setOrganise to undo.',
    z.object({ ids: libraryIdsSchema, rating: ratingSchema }).strict(),
  ),
  'library:setTags': channel<OrganiseReceipt>()(
    'Add and remove tags (case-insensitive) on items, in their sidecars. The receipt holds the previous tags, for undo through library:setOrganise.',
    z
      .object({
        ids: libraryIdsSchema,
        add: z.array(tagSchema).max(50).optional(),
        remove: z.array(tagSchema).max(50).optional(),
      })
      .strict(),
  ),
  'library:setOrganise': channel<OrganiseReceipt>()(
    "Set items' rating, tags, collections and favourite to exactly the values given (the fields present): undo and redo of any organising change, and favourites of a selection.",
    z.object({ items: z.array(organisePatchSchema).min(1).max(100_000) }).strict(),
  ),
  'library:tagSuggestions': channel<TagCount[]>()(
    'Tags in the library starting with the prefix (case-insensitive; empty: all), most used first, for autocomplete.',
    z
      .object({
        prefix: z.string().max(64),
        limit: z.number().int().min(1).max(50).optional(),
      })
      .strict(),
  ),

  // ── chat ──
  'chat:list': channel<ConversationSummary[]>()(
    'Stored conversations, most recent first; works offline (local SQLite, no key needed).',
    empty,
  ),
  'chat:get': channel<ConversationView>()(
    'One conversation with all its messages, including the text of a reply still arriving.',
    z.object({ id: conversationIdSchema }).strict(),
  ),
  'chat:create': channel<ConversationView>()(
    'An empty conversation for a model; the endpoint defaults to the one the app picks for it.',
    z
      .object({
        model: textModelIdSchema,
        endpoint: textEndpointSchema.optional(),
        title: chatTitleSchema.optional(),
      })
      .strict(),
  ),
  'chat:rename': channel<ConversationSummary>()(
    'Rename a conversation.',
    z.object({ id: conversationIdSchema, title: chatTitleSchema }).strict(),
  ),
  'chat:delete': channel<ChatDeleteResult>()(
    'Delete a conversation (stopping its reply); undoable with the returned token until purged.',
    z.object({ id: conversationIdSchema }).strict(),
  ),
  'chat:undoDelete': channel<ConversationSummary>()(
    'Restore a deleted conversation from its undo token.',
    z.object({ undoToken: z.string().min(1).max(64) }).strict(),
  ),
  'chat:search': channel<ChatSearchHit[]>()(
    'Full-text search over message text and titles; one hit per conversation.',
    z
      .object({ query: z.string().max(200), limit: z.number().int().min(1).max(50).optional() })
      .strict(),
  ),
  'chat:send': channel<ChatSendResult>()(
    'Send a user message (new conversation when no id) and start the reply; it arrives as chat:delta/chat:updated.',
    chatSendSchema,
  ),
  'chat:stop': channel<{ stopped: boolean }>()(
    'Stop the reply arriving in a conversation; the partial text is kept.',
    z.object({ conversationId: conversationIdSchema }).strict(),
  ),
  'chat:regenerate': channel<ChatSendResult>()(
    'Replace the reply to the last user message with a new one.',
    chatReplySchema,
  ),
  'chat:editLast': channel<ChatSendResult>()(
    'Change the last user message and ask again (later replies are replaced).',
    chatEditLastSchema,
  ),
  'chat:compact': channel<ConversationView>()(
    'Compact the history with /v1/responses/compact (models that accept it); the result is stored.',
    z.object({ conversationId: conversationIdSchema }).strict(),
  ),
  'chat:models': channel<ChatModelsView>()(
    'Text models the account lists (GET /v1/models), with the endpoints each may use; cached for offline. cachedOnly answers at once from the last list.',
    z.object({ refresh: z.boolean().optional(), cachedOnly: z.boolean().optional() }).strict(),
  ),

  // ── generate ──
  'generate:stageFile': channel<{ path: string; bytes: number }>()(
    'Write image bytes that have no OS path (pasted, painted mask) into the upload area; answers the path for tasks:submit. PNG, JPEG or WebP, at most 24 MiB.',
    z
      .object({
        bytes: z
          .custom<Uint8Array>((v) => v instanceof Uint8Array, 'Expected image bytes')
          .refine((b) => b.length > 0 && b.length <= 24 * 1024 * 1024, 'At most 24 MiB'),
      })
      .strict(),
  ),
  'generate:uploadAsset': channel<{ id: string }>()(
    'Workbench: upload a source, mask or reference image (POST /v1/art/assets) after the art checks (type, 24 MiB, 24 MP); answers the asset id.',
    z.object({ path: localPathSchema }).strict(),
  ),
  'generate:estimate': channel<{
    quoteId: string
    /** The quoted price in USD, when the answer has one. */
    priceUsd: number | null
    paymentMethod: string | null
    /** The membership allowance the generation would use, as the service words or counts it. */
    allowance: string | null
    /** When the quote stops being valid (ms since epoch), when the answer says. */
    expiresAt: number | null
    quotedAt: number
    /** Every scalar field of the answer's data, as the service gave it. */
    fields: Record<string, string | number | boolean>
  }>()(
    'Workbench "Get quote": POST /v1/art/estimate for the form\'s request (asset ids included); price, payment method and allowance use as the service states them.',
    z.object({ request: submitWorkbenchSchema.shape.request }).strict(),
  ),
  'generate:submitNative': channel<TaskView>()(
    'Start a native art task whose source image and mask are files: main checks them (type, 24 MiB, 24 MP) and keeps copies with the task; they are Base64-encoded into parameters.image / parameters.mask only when the request is sent.',
    z
      .object({
        requestId: submitNativeSchema.shape.requestId,
        request: submitNativeSchema.shape.request,
        image: submitNativeSchema.shape.image,
        mask: submitNativeSchema.shape.mask,
        overrideBudget: submitNativeSchema.shape.overrideBudget,
      })
      .strict(),
  ),

  // ── account ──
  'account:testConnection': channel<{
    /** Every model id GET /v1/models listed for this key. */
    models: string[]
    /** The catalog model ids this account can use (listed directly or via a native variant). */
    usable: string[]
    checkedAt: number
  }>()(
    'Settings "Test connection": GET /v1/models with the stored address and key; errors as auth/forbidden/network/… Results.',
    empty,
  ),

  // ── tasks ──
  'tasks:list': channel<TaskView[]>()(
    'Every task not dismissed, newest first: state, progress, times, cost, error and results.',
    empty,
  ),
  'tasks:get': channel<TaskView>()(
    'One task by its id, as tasks:list shows it.',
    z.object({ id: taskIdSchema }).strict(),
  ),
  'tasks:submit': channel<TaskView>()(
    'Start a generation (image | edit | video | native | workbench). Validated with the catalog first (field errors, nothing sent); journaled with a new key before it is sent.',
    submitTaskSchema,
  ),
  'tasks:cancel': channel<TaskView>()(
    'Stop a task in any state: one still local is cancelled; one the service may be working on stops as needs-attention with its key kept (Try again never charges twice).',
    z.object({ id: taskIdSchema }).strict(),
  ),
  'tasks:retryAsNew': channel<TaskView>()(
    'Run a finished, failed or cancelled task again as a NEW generation (new key: a new charge).',
    z.object({ id: taskIdSchema }).strict(),
  ),
  'tasks:dismiss': channel<{ id: string }>()(
    'Hide a task in any state (one still in progress is stopped first, as Cancel would); the journal keeps it.',
    z.object({ id: taskIdSchema }).strict(),
  ),
  'tasks:confirmQuote': channel<TaskView>()(
    'Accept the new price of a re-quoted workbench task; it continues with the same request id.',
    z.object({ id: taskIdSchema, quoteId: z.string().min(1).max(500) }).strict(),
  ),
  'tasks:resume': channel<TaskView>()(
    'Try a blocked task again with the same key (after fixing the key or the connection).',
    z.object({ id: taskIdSchema }).strict(),
  ),
  'tasks:openResult': channel<OpenedResult[]>()(
    "A task's saved outputs with gen-media: URLs to show them.",
    z.object({ id: taskIdSchema }).strict(),
  ),

  // ── demo ──
  'demo:start': channel<SettingsView>()(
    'Start the offline demo: the bundled simulator on loopback with a demo account (no key needed).',
    empty,
  ),
  'demo:stop': channel<SettingsView>()(
    'Leave the demo; the real address and keychain entry come back untouched.',
    empty,
  ),

  // ── spending ──
  'spending:summary': channel<SpendSummary>()(
    'Ledger totals for a range of local days: by day, model and kind, the most expensive requests, cost per kept image. Amounts are estimates or accepted quotes, never actual charges.',
    spendRangeSchema,
  ),
  'spending:exportCsv': channel<{ path: string; rows: number } | null>()(
    'Write the ledger rows of a range to a CSV file chosen with the save dialog; null if cancelled.',
    spendRangeSchema,
  ),

  // ── budget ──
  'budget:get': channel<BudgetState>()(
    'The caps and how far each is used today and this month (what every form shows next to its estimate).',
    empty,
  ),
  'budget:set': channel<BudgetState>()(
    'Set the daily and monthly caps (overall and per kind) and the warning threshold; enforced in main at every submission.',
    z.object({ budgets: budgetsSchema }).strict(),
  ),

  // ── batch ──
  'batch:plan': channel<BatchPlanView>()(
    "Expand a form's request into the batch's requests (wildcards, X/Y axes, repeats), validate and price every one, and say whether it fits the budget. Nothing is sent.",
    batchInputSchema,
  ),
  'batch:submit': channel<BatchView>()(
    'Journal every request of a planned batch (each with its own key) in one step after the budget check, then run them through the task engine.',
    batchSubmitSchema,
  ),
  'batch:list': channel<BatchView[]>()('Batches not dismissed, newest first.', empty),
  'batch:grid': channel<BatchGridView>()(
    "A batch's cells in plan order with their tasks' states and saved results (the X/Y grid).",
    batchIdSchema,
  ),
  'batch:pause': channel<BatchView>()(
    'Send nothing new from this batch; requests already sent finish and are saved.',
    batchIdSchema,
  ),
  'batch:resume': channel<BatchView>()('Let a paused batch send again.', batchIdSchema),
  'batch:cancel': channel<BatchView>()(
    'Cancel every request of the batch not yet sent; requests already sent finish and are saved.',
    batchIdSchema,
  ),
  'batch:exportGrid': channel<{ path: string } | null>()(
    "Compose an X/Y batch's results into one labelled PNG at a path chosen with the save dialog; null if cancelled.",
    batchIdSchema,
  ),

  // ── wildcards ──
  'wildcards:list': channel<WildcardList[]>()(
    'The named wildcard lists (`__name__` in a prompt), by name.',
    empty,
  ),
  'wildcards:save': channel<WildcardList[]>()(
    'Create or replace a named list.',
    wildcardListSchema,
  ),
  'wildcards:delete': channel<WildcardList[]>()(
    'Delete a named list.',
    z.object({ name: wildcardNameSchema }).strict(),
  ),

  // ── presets ──
  'presets:list': channel<Preset[]>()(
    "One form's named presets (saved parameters, never the prompt or reference files), by name.",
    z.object({ form: presetFormSchema }).strict(),
  ),
  'presets:save': channel<Preset[]>()(
    "Create or replace a form's named preset (userData/presets.json, written atomically); answers the form's presets.",
    z
      .object({ form: presetFormSchema, name: presetNameSchema, fields: presetFieldsSchema })
      .strict(),
  ),
  'presets:delete': channel<Preset[]>()(
    "Delete a form's named preset; answers the form's presets.",
    z.object({ form: presetFormSchema, name: presetNameSchema }).strict(),
  ),

  // ── collections ──
  'collections:list': channel<LibraryCollection[]>()(
    'Collections with their item counts, by name (names from <library>/.gen-studio/collections.json, membership from the sidecars).',
    empty,
  ),
  'collections:create': channel<LibraryCollection>()(
    'Create an empty collection; names are unique (case-insensitive). Undo: collections:delete.',
    z.object({ name: collectionNameSchema }).strict(),
  ),
  'collections:rename': channel<{ collection: LibraryCollection; previousName: string }>()(
    'Rename a collection; answers the previous name for undo.',
    z.object({ id: collectionIdSchema, name: collectionNameSchema }).strict(),
  ),
  'collections:delete': channel<CollectionDeleteReceipt>()(
    "Delete a collection: its id leaves every member's sidecar (the items stay). Undo: collections:restore with the answer.",
    z.object({ id: collectionIdSchema }).strict(),
  ),
  'collections:restore': channel<LibraryCollection>()(
    'Undo a delete: define the collection again under its id and put back the members (the receipt of collections:delete).',
    z
      .object({
        collection: z
          .object({
            id: collectionIdSchema,
            name: collectionNameSchema,
            created: z.number().finite().min(0),
          })
          .strict(),
        items: z.array(organisePatchSchema).max(100_000),
      })
      .strict(),
  ),
  'collections:addItems': channel<OrganiseReceipt>()(
    'Put items into a collection (in their sidecars). Undo: library:setOrganise with the receipt.',
    z.object({ id: collectionIdSchema, ids: libraryIdsSchema }).strict(),
  ),
  'collections:removeItems': channel<OrganiseReceipt>()(
    'Take items out of a collection (the items stay in the library). Undo: library:setOrganise with the receipt.',
    z.object({ id: collectionIdSchema, ids: libraryIdsSchema }).strict(),
  ),

  // ── similar (library: find similar, duplicates) ──
  'library:similar': channel<SimilarView>()(
    'Images that look like one item (64-bit perceptual hash, Hamming distance ≤ maxDistance, default 20), nearest first, at most limit (default 100). Images not hashed yet are hashed in the background; `analysing` says so.',
    z
      .object({
        id: libraryIdSchema,
        maxDistance: z.number().int().min(0).max(32).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
  ),
  'library:duplicates': channel<DuplicatesView>()(
    'Groups of near-identical images (every member within maxDistance, default 8, of another; byte-identical copies always), largest first, the suggested one to keep first. "Keep this one" is library:delete of the others (with undo).',
    z.object({ maxDistance: z.number().int().min(0).max(15).optional() }).strict(),
  ),

  // (domain sections are inserted above this line, one block per domain)
} as const

// ───────────────────────────── events (main → renderer) ─────────────────────────────

export const eventContract = {
  'settings:changed': event<SettingsView>(
    'Settings changed in main (key stored, demo started, ...).',
  ),
  'library:changed': event<LibraryChange>('Library items were added, removed or changed; refetch.'),
  'library:status': event<LibraryStatus>('The library folder or index state changed.'),
  'chat:delta': event<ChatDeltaEvent>(
    'Text appended to a streaming reply, coalesced in main (offset = length before the append).',
  ),
  'chat:updated': event<ChatUpdatedEvent>(
    'A conversation or one of its messages changed (reply finished, stopped, failed, removed).',
  ),
  'spending:changed': event<BudgetState>(
    'The ledger or the caps changed (a request recorded, settled or failed; caps edited).',
  ),
  'batch:updated': event<BatchView>('A batch changed state or one of its tasks moved on.'),
  'tasks:updated': event<TasksUpdate>(
    'Tasks that changed since the last event (coalesced per task, at most 10 per second) and ids removed.',
  ),
} as const

// ───────────────────────────── derived types ─────────────────────────────

export type InvokeContract = typeof invokeContract
export type Channel = keyof InvokeContract
/** What the renderer sends (before zod defaults/transforms). */
export type InputOf<C extends Channel> = z.input<InvokeContract[C]['input']>
/** What a handler receives (after zod parsing). */
export type ParsedInputOf<C extends Channel> = z.output<InvokeContract[C]['input']>
export type OutputOf<C extends Channel> = InvokeContract[C]['output']

export type EventContract = typeof eventContract
export type EventName = keyof EventContract
export type EventPayload<E extends EventName> = EventContract[E]['payload']

/** Who called: main uses it for per-window work (drag, dialogs) after the sender check passed. */
export interface HandlerContext {
  senderId: number
}

/** The exhaustive handler map main must provide (`satisfies Handlers`). */
export type Handlers = {
  [C in Channel]: (
    input: ParsedInputOf<C>,
    ctx: HandlerContext,
  ) => Promise<OutputOf<C>> | OutputOf<C>
}

type DomainOf<C> = C extends `${infer D}:${string}` ? D : never
export type Domain = DomainOf<Channel>

/** The renderer's typed API: `api.settings.get({})`, `api.on('settings:changed', fn)`. */
export type Api = {
  [D in Domain]: {
    [C in Channel as C extends `${D}:${infer V}` ? V : never]: (
      input: InputOf<C>,
    ) => Promise<Result<OutputOf<C>>>
  }
} & {
  /** Subscribe to a main → renderer event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
  /**
   * The OS path of a File the user dropped or picked (Electron's webUtils); '' when it has none.
   * Resolves once main knows the user chose it (only such paths can be imported or read).
   */
  pathForFile(file: File): Promise<string>
}

export const CHANNELS = Object.keys(invokeContract) as Channel[]
export const EVENTS = Object.keys(eventContract) as EventName[]

/** Splits `domain:verb`; used by the preload and the test bridge to build the API object. */
export const splitChannel = (c: Channel): [string, string] => {
  const i = c.indexOf(':')
  return [c.slice(0, i), c.slice(i + 1)]
}
