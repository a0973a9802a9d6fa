'use strict';

const path = require('path');
const Store = require('./store');
const { slugify } = require('./util');
const util = require('./util');

function create(titles) {
  const store = new Store({ limit: 10 });
  for (const title of titles) store.add(slugify(title));
  store.addAll([util.slugify(path.join('a', 'b'))]);
  return store;
}

function add(a, b) {
  return a + b;
}

module.exports = { create, add, version: util.VERSION };
