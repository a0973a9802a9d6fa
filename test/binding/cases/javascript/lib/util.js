'use strict';

/**
 * Turns a title into a URL slug.
 */
exports.slugify = function slugify(title) {
  return String(title).toLowerCase().replace(/\s+/g, '-');
};

exports.VERSION = '1.0.0';
