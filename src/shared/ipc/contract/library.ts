/**
 * The `library:` channels and events: browsing the local library (keyset pages, months, models),
 * one item, deleting with undo, import and export, the OS file manager and drags, organising
 * (ratings, tags, favourites) and finding similar images and duplicates.
 */
import { z } from 'zod'

import {
  EXPORT_FORMATS,
  EXPORT_METADATA,
  type ExportResult,
  type MetadataPrefs,
} from '../../library/exportOptions'
import type { OrganiseReceipt, TagCount } from '../../library/organise'
import type { TermCount } from '../../library/promptTerms'
import {
  libraryCursorSchema,
  libraryFilterSchema,
  libraryIdSchema,
  libraryIdsSchema,
  localPathSchema,
  organisePatchSchema,
  posterDataUrlSchema,
  ratingSchema,
  tagSchema,
} from '../../library/schemas'
import type { ParsedSettings } from '../../library/settings'
import type { DuplicatesProgress, DuplicatesView, SimilarView } from '../../library/similar'
import type {
  DeleteReceipt,
  ImportReport,
  LibraryChange,
  LibraryItem,
  LibraryMonth,
  LibraryPage,
  LibraryStatus,
  LibraryTile,
} from '../../library/types'
import { channel, type DomainChannels, type DomainEvents, empty, event } from './define'

/** A filter that defaults to everything, as the grid, the scrubber and Select all send it. */
const filterOnly = z.object({ filter: libraryFilterSchema.default({}) }).strict()

/** Reading the library works offline: these channels touch only the folder and its index. */
export const libraryChannels = {
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
    filterOnly,
  ),
  'library:models': channel<Array<{ model: string; count: number }>>()(
    'Models present in the library with their counts, for the model filter.',
    empty,
  ),
  'library:ids': channel<string[]>()(
    'Every ID matching a filter in grid order (Select all, export all).',
    filterOnly,
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
    "Delete items: moved to the library's trash for 30 days (restorable on every machine syncing the folder), then to the OS trash. Returns the undo token.",
    z.object({ ids: libraryIdsSchema }).strict(),
  ),
  'library:undoDelete': channel<LibraryTile[]>()(
    "Restore a delete from the library's trash (its Undo, or Settings → Sync).",
    z.object({ token: z.string().min(1).max(64) }).strict(),
  ),
  'library:import': channel<ImportReport>()(
    'Copy files the user dropped into the library (originals untouched; duplicates found by hash).',
    z.object({ paths: z.array(localPathSchema).min(1).max(10_000) }).strict(),
  ),
  'library:export': channel<ExportResult | null>()(
    'Export the items (a ZIP with sidecars, image copies, a contact sheet or an animation) with the chosen metadata, to a place chosen in a dialog; null if cancelled.',
    z
      .object({
        ids: libraryIdsSchema,
        format: z.enum(EXPORT_FORMATS).optional(),
        metadata: z.enum(EXPORT_METADATA).optional(),
      })
      .strict(),
  ),
  'library:metadataPrefs': channel<MetadataPrefs>()(
    "The library's metadata choices (whether saved files carry the prompt).",
    empty,
  ),
  'library:setMetadataPrefs': channel<MetadataPrefs>()(
    'Change whether files saved to this library carry the prompt (the AI label always stays).',
    z.object({ embedPrompts: z.boolean() }).strict(),
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
    'Settings embedded in an image or video on disk (ours, NovelAI, ComfyUI, InvokeAI, A1111, EXIF, XMP), for "apply settings" on a form.',
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
} as const satisfies DomainChannels<'library'>

/** What the grid and the status bar listen to. */
export const libraryEvents = {
  'library:changed': event<LibraryChange>('Library items were added, removed or changed; refetch.'),
  'library:status': event<LibraryStatus>('The library folder or index state changed.'),
  'library:duplicatesProgress': event<DuplicatesProgress>(
    'How far the duplicates grouping under way is (a few times a second while it runs).',
  ),
} as const satisfies DomainEvents<'library'>
