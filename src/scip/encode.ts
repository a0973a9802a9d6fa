/**
 * SCIP's wire format: an index written as a stream of records, and read back.
 *
 * A SCIP index is one `Index` message, but an indexer does not build it whole: it writes records, each the bytes of
 * an `Index` holding one field value (the {@link metadataRecord} once and first, then one
 * {@link documentRecord} per file, then {@link externalSymbolRecord}s), and concatenates them. Protobuf merges the
 * repeated fields of concatenated messages, so the stream decodes as one `Index` ({@link decodeIndex}) in any SCIP
 * reader, and the writer holds one document at a time.
 *
 * The schema is ours, `proto/scip.proto`, with the published field numbers; `proto/scip_pb.ts` is generated from it
 * by `scripts/generate-scip.mjs`.
 *
 * @module
 */
import { create, fromBinary, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import {
  IndexSchema,
  type DocumentSchema,
  type Index,
  type MetadataSchema,
  type SymbolInformationSchema,
} from './proto/scip_pb.js';

/**
 * The enums the exporter writes: occurrence role bits, symbol kinds, how ranges count characters, the source files'
 * encoding and the protocol version. Their members and numbers are the published schema's.
 */
export {
  PositionEncoding,
  ProtocolVersion,
  SymbolInformation_Kind,
  SymbolRole,
  TextEncoding,
} from './proto/scip_pb.js';
/** The decoded messages, as {@link decodeIndex} returns them. */
export type {
  Document,
  Index,
  Metadata,
  Occurrence,
  Relationship,
  SymbolInformation,
  ToolInfo,
} from './proto/scip_pb.js';

/**
 * The index's metadata: `version`, `toolInfo`, `projectRoot`, `textDocumentEncoding`. Like every `*Init` type here, a
 * plain object of the message's fields (camelCase, each optional) or a message itself.
 */
export type MetadataInit = MessageInitShape<typeof MetadataSchema>;
/** A source file: `relativePath`, `language`, `positionEncoding`, its occurrences and the symbols it defines. */
export type DocumentInit = MessageInitShape<typeof DocumentSchema>;
/** A symbol's record: `symbol`, `kind`, `displayName`, `documentation`, `relationships`, ... */
export type SymbolInformationInit = MessageInitShape<typeof SymbolInformationSchema>;
/** A range of a document and its symbol: `range`, `symbol`, `symbolRoles` (a bitset of {@link SymbolRole}), ... */
export type OccurrenceInit = NonNullable<DocumentInit['occurrences']>[number];
/** A link from a symbol to another (`isImplementation`, `isReference`, `isTypeDefinition`, `isDefinition`). */
export type RelationshipInit = NonNullable<SymbolInformationInit['relationships']>[number];

// Each record is encoded as a whole `Index` holding the one value, not as the message's bytes behind a tag and length
// written by hand (`new BinaryWriter().tag(2, WireType.LengthDelimited).bytes(toBinary(DocumentSchema, doc))`). The
// bytes are identical, and so is the time: on a document of 5,000 occurrences and 1,000 symbols (625 kB), interleaved
// runs on Node 20 gave medians of 14-25 ms a record for both ways, neither ahead beyond the noise (both copy the
// message bytes once more after encoding them). So the way that names no field number by hand wins.

/**
 * The record of the index's metadata: the first record of every index, written once.
 *
 * @returns The bytes of an `Index` holding only `metadata` (field 1: tag, length, message).
 * @example
 * ```ts
 * const bytes = metadataRecord({
 *   version: ProtocolVersion.UnspecifiedProtocolVersion,
 *   toolInfo: { name: 'code-index', version: '0.1.0', arguments: ['scip'] },
 *   projectRoot: 'file:///home/me/project',
 *   textDocumentEncoding: TextEncoding.UTF8,
 * });
 * ```
 */
export function metadataRecord(init: MetadataInit): Uint8Array {
  return toBinary(IndexSchema, create(IndexSchema, { metadata: init }));
}

/**
 * The record of one source file, with its occurrences and the symbols it defines.
 *
 * @returns The bytes of an `Index` holding one entry of `documents` (field 2).
 * @example
 * ```ts
 * const greet = 'scip-typescript npm app 1.0.0 src/`greet.ts`/greet().';
 * const bytes = documentRecord({
 *   relativePath: 'src/greet.ts',
 *   language: 'TypeScript',
 *   positionEncoding: PositionEncoding.UTF16CodeUnitOffsetFromLineStart,
 *   occurrences: [{ range: [0, 16, 21], symbol: greet, symbolRoles: SymbolRole.Definition }],
 *   symbols: [{ symbol: greet, kind: SymbolInformation_Kind.Function, displayName: 'greet' }],
 * });
 * ```
 */
export function documentRecord(init: DocumentInit): Uint8Array {
  return toBinary(IndexSchema, create(IndexSchema, { documents: [init] }));
}

/**
 * The record of a symbol defined outside the index (in a dependency) that the index refers to, for its hover text.
 *
 * @returns The bytes of an `Index` holding one entry of `external_symbols` (field 3).
 */
export function externalSymbolRecord(init: SymbolInformationInit): Uint8Array {
  return toBinary(IndexSchema, create(IndexSchema, { externalSymbols: [init] }));
}

/**
 * Reads an index: a whole `index.scip`, or any concatenation of records. Meant for tests and tools; it holds the
 * whole index in memory.
 *
 * @throws Error from the protobuf library when the bytes are not an `Index` (truncated, or another format).
 */
export function decodeIndex(bytes: Uint8Array): Index {
  return fromBinary(IndexSchema, bytes);
}
