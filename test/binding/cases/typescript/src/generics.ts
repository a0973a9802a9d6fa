export interface Def {
  typeName: string;
}

export interface StringDef extends Def {
  checks: string[];
  coerce: boolean;
}

export abstract class Schema<Output, D extends Def = Def> {
  readonly _def: D;
  constructor(def: D) {
    this._def = def;
  }
  parse(input: unknown): Output {
    return this._def.typeName as unknown as Output;
  }
}

export class Middle<O, D extends Def> extends Schema<O, D> {}

export class StringSchema extends Middle<string, StringDef> {
  get coerced(): boolean {
    return this._def.coerce;
  }
}

export const made = new StringSchema({ typeName: 'string', checks: [], coerce: false });
