/**
 * Names Java and Kotlin give every file without an import: the public types of `java.lang` (listed from the JDK 25
 * sources' `java.base/java/lang/*.java`, preview APIs left out) and what Kotlin imports by default (`kotlin.*`,
 * `kotlin.collections.*`, `kotlin.io.*`, `kotlin.text.*`, `kotlin.ranges.*`, `kotlin.sequences.*`,
 * `kotlin.comparisons.*`, `kotlin.jvm.*`, `kotlin.annotation.*`: the types and the top-level functions called
 * bare). A name no scope, import or package of the file binds and that is one of these is external.
 *
 * @module
 */

/** The public top-level types of `java.lang`. */
export const JAVA_LANG = new Set([
  'AbstractMethodError', 'Appendable', 'ArithmeticException', 'ArrayIndexOutOfBoundsException', 'ArrayStoreException',
  'AssertionError', 'AutoCloseable', 'Boolean', 'BootstrapMethodError', 'Byte', 'CharSequence', 'Character', 'Class',
  'ClassCastException', 'ClassCircularityError', 'ClassFormatError', 'ClassLoader', 'ClassNotFoundException', 'ClassValue',
  'CloneNotSupportedException', 'Cloneable', 'Comparable', 'Deprecated', 'Double', 'Enum', 'EnumConstantNotPresentException',
  'Error', 'Exception', 'ExceptionInInitializerError', 'Float', 'FunctionalInterface', 'IllegalAccessError',
  'IllegalAccessException', 'IllegalArgumentException', 'IllegalCallerException', 'IllegalMonitorStateException',
  'IllegalStateException', 'IllegalThreadStateException', 'IncompatibleClassChangeError', 'IndexOutOfBoundsException',
  'InheritableThreadLocal', 'InstantiationError', 'InstantiationException', 'Integer', 'InternalError', 'InterruptedException',
  'Iterable', 'LayerInstantiationException', 'LinkageError', 'Long', 'MatchException', 'Math', 'Module', 'ModuleLayer',
  'NegativeArraySizeException', 'NoClassDefFoundError', 'NoSuchFieldError', 'NoSuchFieldException', 'NoSuchMethodError',
  'NoSuchMethodException', 'NullPointerException', 'Number', 'NumberFormatException', 'Object', 'OutOfMemoryError', 'Override',
  'Package', 'Process', 'ProcessBuilder', 'ProcessHandle', 'Readable', 'Record', 'ReflectiveOperationException', 'Runnable',
  'Runtime', 'RuntimeException', 'RuntimePermission', 'SafeVarargs', 'ScopedValue', 'SecurityException', 'SecurityManager',
  'Short', 'StackOverflowError', 'StackTraceElement', 'StackWalker', 'StrictMath', 'String', 'StringBuffer', 'StringBuilder',
  'StringIndexOutOfBoundsException', 'SuppressWarnings', 'System', 'Thread', 'ThreadDeath', 'ThreadGroup', 'ThreadLocal',
  'Throwable', 'TypeNotPresentException', 'UnknownError', 'UnsatisfiedLinkError', 'UnsupportedClassVersionError',
  'UnsupportedOperationException', 'VerifyError', 'VirtualMachineError', 'Void', 'WrongThreadException',
]);

/** What Kotlin files see without imports (besides `java.lang` on the JVM): default-imported types and functions. */
export const KOTLIN_DEFAULTS = new Set([
  // kotlin.*
  'Any', 'Unit', 'Nothing', 'Int', 'Long', 'Short', 'Byte', 'Double', 'Float', 'Boolean', 'Char', 'String', 'CharSequence',
  'Number', 'Array', 'BooleanArray', 'ByteArray', 'CharArray', 'DoubleArray', 'FloatArray', 'IntArray', 'LongArray',
  'ShortArray', 'UInt', 'ULong', 'UShort', 'UByte', 'Pair', 'Triple', 'Result', 'Lazy', 'Comparable', 'Enum', 'Annotation',
  'Function', 'Throwable', 'Exception', 'Error', 'RuntimeException', 'IllegalArgumentException', 'IllegalStateException',
  'IndexOutOfBoundsException', 'UnsupportedOperationException', 'NumberFormatException', 'NullPointerException',
  'ClassCastException', 'ArithmeticException', 'AssertionError', 'NoSuchElementException', 'ConcurrentModificationException',
  'NotImplementedError', 'KotlinNullPointerException', 'Deprecated', 'DeprecationLevel', 'ReplaceWith', 'Suppress',
  'PublishedApi', 'DslMarker', 'OptIn', 'RequiresOptIn', 'Experimental', 'BuilderInference', 'SinceKotlin', 'UnsafeVariance',
  'lazy', 'lazyOf', 'run', 'with', 'apply', 'also', 'let', 'takeIf', 'takeUnless', 'repeat', 'require', 'requireNotNull',
  'check', 'checkNotNull', 'error', 'TODO', 'runCatching', 'synchronized', 'assert', 'arrayOf', 'arrayOfNulls', 'emptyArray',
  'booleanArrayOf', 'byteArrayOf', 'charArrayOf', 'doubleArrayOf', 'floatArrayOf', 'intArrayOf', 'longArrayOf',
  'shortArrayOf', 'enumValues', 'enumValueOf', 'enumEntries', 'suspend', 'to', 'Volatile', 'Synchronized', 'Transient',
  // kotlin.collections.*
  'Iterable', 'Collection', 'List', 'Set', 'Map', 'MutableIterable', 'MutableCollection', 'MutableList', 'MutableSet',
  'MutableMap', 'Iterator', 'MutableIterator', 'ListIterator', 'ArrayList', 'HashMap', 'HashSet', 'LinkedHashMap',
  'LinkedHashSet', 'ArrayDeque', 'AbstractList', 'AbstractMap', 'AbstractSet', 'AbstractCollection', 'RandomAccess',
  'Grouping', 'IndexedValue', 'listOf', 'listOfNotNull', 'mutableListOf', 'arrayListOf', 'emptyList', 'setOf', 'setOfNotNull',
  'mutableSetOf', 'hashSetOf', 'linkedSetOf', 'sortedSetOf', 'emptySet', 'mapOf', 'mutableMapOf', 'hashMapOf',
  'linkedMapOf', 'sortedMapOf', 'emptyMap', 'buildList', 'buildSet', 'buildMap', 'List', 'MutableList',
  // kotlin.comparisons.*, kotlin.ranges.*, kotlin.sequences.*, kotlin.text.*, kotlin.io.*
  'Comparator', 'compareBy', 'compareByDescending', 'compareValues', 'compareValuesBy', 'naturalOrder', 'reverseOrder',
  'nullsFirst', 'nullsLast', 'maxOf', 'minOf', 'IntRange', 'LongRange', 'CharRange', 'ClosedRange', 'OpenEndRange',
  'IntProgression', 'LongProgression', 'CharProgression', 'Sequence', 'sequenceOf', 'emptySequence', 'generateSequence',
  'sequence', 'iterator', 'Regex', 'RegexOption', 'MatchResult', 'StringBuilder', 'Appendable', 'Charsets', 'buildString',
  'println', 'print', 'readLine', 'readln', 'readlnOrNull',
  // kotlin.jvm.*, kotlin.annotation.*
  'JvmStatic', 'JvmField', 'JvmOverloads', 'JvmName', 'JvmInline', 'JvmSuppressWildcards', 'JvmWildcard', 'JvmDefault',
  'JvmRecord', 'JvmSynthetic', 'JvmMultifileClass', 'Throws', 'Strictfp', 'Target', 'Retention', 'Repeatable',
  'MustBeDocumented', 'AnnotationTarget', 'AnnotationRetention',
]);
