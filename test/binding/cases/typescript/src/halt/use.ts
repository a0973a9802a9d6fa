import type * as HaltStrategy from "./strategy"

export const left: HaltStrategy.HaltStrategy = {
  _tag: "Left"
}
