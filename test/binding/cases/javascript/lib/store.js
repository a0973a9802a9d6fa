'use strict';

module.exports = Store;

/**
 * An in-memory list of items.
 */
function Store(options) {
  this.items = [];
  this.limit = (options && options.limit) || Infinity;
}

Store.prototype.add = function add(item) {
  if (this.items.length >= this.limit) throw new Error('full');
  this.items.push(item);
  return this;
};

Store.prototype.addAll = function addAll(items) {
  items.forEach((item) => this.add(item));
  return this;
};
