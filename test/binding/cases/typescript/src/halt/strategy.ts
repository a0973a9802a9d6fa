export interface Left {
  readonly _tag: "Left"
}
export interface Right {
  readonly _tag: "Right"
}
export interface Both {
  readonly _tag: "Both"
}
export interface Either {
  readonly _tag: "Either"
}
// Each part of the union is also a constant of the union's type: every step of a member lookup branches four ways.
export type HaltStrategy = Left | Right | Both | Either
export const Left: HaltStrategy = { _tag: "Left" }
export const Right: HaltStrategy = { _tag: "Right" }
export const Both: HaltStrategy = { _tag: "Both" }
export const Either: HaltStrategy = { _tag: "Either" }
