export * from './math.js';
export { format as fmt } from './format.js';
