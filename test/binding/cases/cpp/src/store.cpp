#include <store/cache.hpp>
#include <store/policy.hpp>

namespace store {

Cache::Cache(int capacity) : size_(capacity) {}

Cache::~Cache() {}

bool Cursor::Valid() const { return false; }

bool Table::Apply(const Policy& policy) {
  policy_ = nullptr;
  parent_->Insert(Size());
  return policy_->Keep(Size()) && Insert(1);
}

Cache* NewTable(int capacity) { return new Table(capacity); }

void Walk(Cursor* cursor) {
  Table t(3);
  t.Insert(2);
  cursor->Valid();
}

}  // namespace store
