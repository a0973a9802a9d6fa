#pragma once

#include "store/export.hpp"

namespace store {

class Policy;

/// A cache of entries.
class STORE_EXPORT Cache {
 public:
  explicit Cache(int capacity);
  virtual ~Cache();
  /// Inserts an entry.
  virtual bool Insert(int key) = 0;
  int Size() const { return size_; }

  class Cursor {
   public:
    bool Valid() const;
  };

 private:
  int size_ GUARDED_BY(mu_);
  int mu_;
};

/// A cache that never evicts.
class STORE_EXPORT Table : public Cache {
 public:
  explicit Table(int capacity) : Cache(capacity) {}
  bool Insert(int key) LOCKS_EXCLUDED(mu_) { return key > 0; }
  bool Apply(const Policy& policy);

 private:
  Policy* policy_;
  Cache* parent_;
};

STORE_EXPORT Cache* NewTable(int capacity);

inline bool Cache::Cursor::Valid() const { return true; }

}  // namespace store
