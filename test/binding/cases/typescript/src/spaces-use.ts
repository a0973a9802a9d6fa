import * as s from './spaces';

export const made: s.Schema = s.Schema('x');
const local = 1;
type local = number;
export const read: local = local;
