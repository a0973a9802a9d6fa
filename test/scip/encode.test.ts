/**
 * SCIP records: each record reads back as the value written, concatenated records read as one index, and the bytes
 * agree with the reference implementation both ways (scip-typescript's own google-protobuf bindings).
 */
import { createRequire } from 'node:module';
import { create, toBinary, toJson, type JsonValue } from '@bufbuild/protobuf';
import { reflect, type ReflectMessage } from '@bufbuild/protobuf/reflect';
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { describe, expect, it } from 'vitest';
import {
  decodeIndex,
  documentRecord,
  externalSymbolRecord,
  metadataRecord,
  PositionEncoding,
  ProtocolVersion,
  SymbolInformation_Kind,
  SymbolRole,
  TextEncoding,
  type DocumentInit,
  type Index,
  type MetadataInit,
  type SymbolInformationInit,
} from '../../src/scip/encode.js';
import {
  DiagnosticTag,
  DocumentSchema,
  file_scip,
  IndexSchema,
  MetadataSchema,
  Severity,
  SymbolInformationSchema,
  SyntaxKind,
} from '../../src/scip/proto/scip_pb.js';

/** The parts of scip-typescript's generated bindings (protoc-gen-ts over google-protobuf) these tests use. */
interface ReferenceIndex {
  serializeBinary(): Uint8Array;
  toObject(): unknown;
}
const { scip: reference } = createRequire(import.meta.url)('@sourcegraph/scip-typescript/dist/src/scip.js') as {
  scip: { Index: { deserializeBinary(bytes: Uint8Array): ReferenceIndex; fromObject(data: unknown): ReferenceIndex } };
};

const rxjs = 'scip-typescript npm rxjs 7.8.2 src/internal/';
const observable = `${rxjs}\`Observable.ts\`/Observable#`;
const subscribe = `${observable}subscribe().`;
const subscriber = `${rxjs}\`Subscriber.ts\`/Subscriber#`;

const metadata: MetadataInit = {
  version: ProtocolVersion.UnspecifiedProtocolVersion,
  toolInfo: { name: 'code-index', version: '0.1.0', arguments: ['scip', '--output', 'index.scip'] },
  projectRoot: 'file:///home/dev/rxjs',
  textDocumentEncoding: TextEncoding.UTF8,
};

const observableText = `import { Subscriber } from './Subscriber';

export class Observable<T> {
  /** Invokes an execution of an Observable and registers Observer handlers for notifications it will emit. */
  subscribe(observer?: Partial<Observer<T>>): Subscription {
    const subscriber = new Subscriber(observer);
    return subscriber;
  }
}
`;

const observableDocument: DocumentInit = {
  relativePath: 'src/internal/Observable.ts',
  language: 'TypeScript',
  positionEncoding: PositionEncoding.UTF16CodeUnitOffsetFromLineStart,
  text: observableText,
  occurrences: [
    { range: [0, 9, 19], symbol: subscriber, symbolRoles: SymbolRole.Import, syntaxKind: SyntaxKind.IdentifierType },
    { range: [2, 13, 23], symbol: observable, symbolRoles: SymbolRole.Definition, enclosingRange: [2, 0, 8, 1] },
    { range: [2, 24, 25], symbol: `${observable}[T]`, symbolRoles: SymbolRole.Definition },
    { range: [4, 2, 11], symbol: subscribe, symbolRoles: SymbolRole.Definition, enclosingRange: [3, 2, 7, 3] },
    { range: [4, 12, 20], symbol: `${subscribe}(observer)`, symbolRoles: SymbolRole.Definition },
    { range: [5, 10, 20], symbol: 'local 0', symbolRoles: SymbolRole.Definition | SymbolRole.WriteAccess },
    {
      range: [5, 27, 37],
      symbol: subscriber,
      symbolRoles: SymbolRole.ReadAccess,
      overrideDocumentation: ['```ts\nconstructor Subscriber<unknown>(destination?: Subscriber<any> | Observer<any>)\n```'],
      syntaxKind: SyntaxKind.IdentifierType,
      diagnostics: [
        {
          severity: Severity.Hint,
          code: '6385',
          message: "'Subscriber' is deprecated.",
          source: 'typescript',
          tags: [DiagnosticTag.Deprecated],
        },
      ],
      enclosingRange: [5, 23, 47],
    },
    { range: [5, 38, 46], symbol: `${subscribe}(observer)`, symbolRoles: SymbolRole.ReadAccess },
    { range: [6, 11, 21], symbol: 'local 0', symbolRoles: SymbolRole.ReadAccess },
  ],
  symbols: [
    {
      symbol: observable,
      kind: SymbolInformation_Kind.Class,
      displayName: 'Observable',
      documentation: ['A representation of any set of values over any amount of time.'],
      signatureDocumentation: { language: 'TypeScript', text: 'class Observable<T>' },
    },
    { symbol: `${observable}[T]`, kind: SymbolInformation_Kind.TypeParameter, displayName: 'T' },
    {
      symbol: subscribe,
      kind: SymbolInformation_Kind.Method,
      displayName: 'subscribe',
      documentation: ['Invokes an execution of an Observable and registers Observer handlers for notifications it will emit.'],
      relationships: [
        { symbol: `${rxjs}\`types.ts\`/Subscribable#subscribe().`, isImplementation: true, isReference: true, isDefinition: true },
      ],
      signatureDocumentation: {
        language: 'TypeScript',
        text: 'subscribe(observer?: Partial<Observer<T>>): Subscription',
        occurrences: [{ range: [0, 0, 9], symbol: subscribe, symbolRoles: SymbolRole.Definition }],
      },
    },
    { symbol: `${subscribe}(observer)`, kind: SymbolInformation_Kind.Parameter, displayName: 'observer' },
    {
      symbol: 'local 0',
      kind: SymbolInformation_Kind.Variable,
      displayName: 'subscriber',
      relationships: [{ symbol: subscriber, isTypeDefinition: true }],
      enclosingSymbol: subscribe,
    },
  ],
};

const operatorsDocument: DocumentInit = {
  relativePath: 'src/internal/operators/map.ts',
  language: 'TypeScript',
  positionEncoding: PositionEncoding.UTF16CodeUnitOffsetFromLineStart,
  occurrences: [
    { range: [0, 9, 25], symbol: `${rxjs}\`types.ts\`/OperatorFunction#`, symbolRoles: SymbolRole.Import },
    { range: [3, 16, 19], symbol: `${rxjs}operators/\`map.ts\`/map().`, symbolRoles: SymbolRole.Definition },
  ],
  symbols: [{ symbol: `${rxjs}operators/\`map.ts\`/map().`, kind: SymbolInformation_Kind.Function, displayName: 'map' }],
};

const externalSymbol: SymbolInformationInit = {
  symbol: 'scip-typescript npm tslib 2.8.1 `tslib.d.ts`/__extends().',
  kind: SymbolInformation_Kind.Function,
  displayName: '__extends',
  documentation: ['```ts\nfunction __extends(d: Function, b: Function): void\n```'],
};

/** Every record of the fixtures, in stream order. */
function stream(): Uint8Array {
  return Buffer.concat([
    metadataRecord(metadata),
    documentRecord(observableDocument),
    documentRecord(operatorsDocument),
    externalSymbolRecord(externalSymbol),
  ]);
}

/** The whole fixture index, built as one message. */
function expectedIndex(): Index {
  const documents = [observableDocument, operatorsDocument];
  return create(IndexSchema, { metadata, documents, externalSymbols: [externalSymbol] });
}

/** `message type.field` of every field set somewhere in the message or the messages it holds. */
function setFields(message: ReflectMessage, seen = new Set<string>()): Set<string> {
  for (const field of message.fields) {
    if (!message.isSet(field)) continue;
    seen.add(`${message.desc.typeName}.${field.name}`);
    if (field.fieldKind === 'message') setFields(message.get(field), seen);
    if (field.fieldKind === 'list' && field.listKind === 'message') {
      for (const item of message.get(field) as Iterable<ReflectMessage>) setFields(item, seen);
    }
  }
  return seen;
}

/**
 * The index as the reference bindings' `toObject()` shows it: proto field names, enums as numbers, every scalar and
 * list (empty or not), message fields only when set. Without `position_encoding`: the published schema added it
 * after scip-typescript 0.4.0's bindings were generated, so they skip field 6 of Document (as protobuf readers skip
 * any field they do not know).
 */
function asReferenceObject(index: Index): JsonValue {
  const json = toJson(IndexSchema, index, { alwaysEmitImplicit: true, useProtoFieldName: true, enumAsInteger: true });
  const withoutPositionEncoding = (key: string, value: unknown) => (key === 'position_encoding' ? undefined : value);
  return JSON.parse(JSON.stringify(json, withoutPositionEncoding)) as JsonValue;
}

describe('SCIP records', () => {
  it('Should set every field of every message in the fixtures (so the round trips cover them all)', () => {
    const seen = setFields(reflect(IndexSchema, expectedIndex()));
    const every = file_scip.messages.flatMap((message) =>
      message.fields
        // A proto3 enum field holding its zero value is not "set"; ProtocolVersion has no other value.
        .filter((field) => !(field.fieldKind === 'enum' && field.enum.values.length === 1))
        .map((field) => `${message.typeName}.${field.name}`),
    );
    expect(every.filter((field) => !seen.has(field))).toEqual([]);
  });

  it('Should read each record back as an Index holding exactly the value written', () => {
    expect(decodeIndex(metadataRecord(metadata))).toEqual(create(IndexSchema, { metadata }));
    expect(decodeIndex(documentRecord(observableDocument))).toEqual(create(IndexSchema, { documents: [observableDocument] }));
    expect(decodeIndex(externalSymbolRecord(externalSymbol))).toEqual(create(IndexSchema, { externalSymbols: [externalSymbol] }));
  });

  it('Should write each record as one length-delimited field of Index: tag, length, then the message', () => {
    const cases = [
      { record: metadataRecord(metadata), field: 1, message: toBinary(MetadataSchema, create(MetadataSchema, metadata)) },
      { record: documentRecord(observableDocument), field: 2, message: toBinary(DocumentSchema, create(DocumentSchema, observableDocument)) },
      { record: externalSymbolRecord(externalSymbol), field: 3, message: toBinary(SymbolInformationSchema, create(SymbolInformationSchema, externalSymbol)) },
    ];
    for (const { record, field, message } of cases) {
      const reader = new BinaryReader(record);
      expect(reader.tag()).toEqual([field, WireType.LengthDelimited]);
      expect(reader.bytes()).toEqual(message);
      expect(reader.pos).toBe(record.length);
    }
  });

  it('Should read concatenated records as one Index, documents in the order written', () => {
    const index = decodeIndex(stream());
    expect(index.documents.map((document) => document.relativePath)).toEqual(['src/internal/Observable.ts', 'src/internal/operators/map.ts']);
    expect(index.metadata?.toolInfo?.name).toBe('code-index');
    expect(index.externalSymbols.map((symbol) => symbol.symbol)).toEqual([externalSymbol.symbol]);
    expect(index).toEqual(expectedIndex());
  });

  it('Should throw on bytes that are not an Index', () => {
    expect(() => decodeIndex(Uint8Array.of(0x12, 0x40, 0x0a))).toThrow(); // a document announced as 64 bytes, 1 given
  });
});

describe('SCIP wire compatibility with scip-typescript', () => {
  it('Should write records the reference reader reads field for field', () => {
    const read = reference.Index.deserializeBinary(stream()).toObject();
    expect(read).toMatchObject({
      metadata: { project_root: 'file:///home/dev/rxjs', text_document_encoding: TextEncoding.UTF8 },
      documents: [
        {
          relative_path: 'src/internal/Observable.ts',
          occurrences: expect.arrayContaining([
            expect.objectContaining({ range: [4, 2, 11], symbol: subscribe, symbol_roles: SymbolRole.Definition, enclosing_range: [3, 2, 7, 3] }),
          ]) as unknown,
          symbols: expect.arrayContaining([
            expect.objectContaining({ symbol: subscribe, kind: SymbolInformation_Kind.Method, documentation: [expect.stringContaining('Invokes')] }),
          ]) as unknown,
        },
        { relative_path: 'src/internal/operators/map.ts' },
      ],
      external_symbols: [{ symbol: externalSymbol.symbol, kind: SymbolInformation_Kind.Function }],
    });
    expect(read).toEqual(asReferenceObject(expectedIndex()));
  });

  it('Should read what the reference writer writes field for field', () => {
    const written = reference.Index.fromObject(asReferenceObject(expectedIndex())).serializeBinary();
    const index = decodeIndex(written);
    const unspecified = PositionEncoding.UnspecifiedPositionEncoding;
    expect(index.documents.map((document) => document.positionEncoding)).toEqual([unspecified, unspecified]);
    expect(index.documents[0]?.occurrences[6]?.diagnostics[0]?.message).toBe("'Subscriber' is deprecated.");
    expect(asReferenceObject(index)).toEqual(asReferenceObject(expectedIndex()));
  });
});
