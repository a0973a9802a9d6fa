#include <store/cache.hpp>

// googletest's fixture tests, as its macro writes them: a class derived from the fixture, whose body is a method.
#define TEST_F(fixture, name)                      \
  class fixture##_##name##_Test : public fixture { \
    void TestBody();                               \
  };                                               \
  void fixture##_##name##_Test::TestBody()

namespace store {

class CacheTest {
 public:
  int Key(int i) { return i; }
  Table table_{3};
};

TEST_F(CacheTest, Insert) {
  table_.Insert(Key(1));
}

}  // namespace store
