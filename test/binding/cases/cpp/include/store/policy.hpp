#pragma once

namespace store {

/// Decides what to keep.
class Policy {
 public:
  virtual bool Keep(int key) const = 0;
};

/// Walks a sequence.
class Cursor {
 public:
  bool Valid() const;
};

}  // namespace store
