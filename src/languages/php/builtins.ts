/**
 * Names PHP gives every file from outside the tree: the functions, classes and interfaces of the engine and of the
 * extensions every build has (Core, standard, SPL, PCRE, JSON, date, ctype, mbstring), the commonly called ones. In
 * a namespace, an unqualified function name no declaration of the namespace binds falls back to the global one
 * (`strlen`), and `use Exception;` or `\Exception` names a global class. PHP's function and class names are
 * case-insensitive: the sets hold them in lower case.
 *
 * @module
 */

/** Functions of Core, standard, SPL, PCRE, JSON, date, ctype and mbstring (lower case). */
export const PHP_FUNCTIONS = new Set([
  // Core and variables
  'func_get_args', 'func_num_args', 'function_exists', 'class_exists', 'interface_exists', 'trait_exists', 'enum_exists',
  'method_exists', 'property_exists', 'get_class', 'get_parent_class', 'get_object_vars', 'get_class_methods',
  'is_a', 'is_subclass_of', 'define', 'defined', 'constant', 'trigger_error', 'error_reporting', 'set_error_handler',
  'set_exception_handler', 'restore_error_handler', 'spl_autoload_register', 'spl_object_id', 'spl_object_hash',
  'iterator_to_array', 'iterator_count', 'class_implements', 'class_uses', 'gettype', 'get_debug_type', 'settype',
  'intval', 'floatval', 'boolval', 'strval', 'is_int', 'is_integer', 'is_float', 'is_string', 'is_bool', 'is_array',
  'is_object', 'is_null', 'is_numeric', 'is_callable', 'is_iterable', 'is_countable', 'is_scalar', 'is_resource',
  'var_dump', 'var_export', 'print_r', 'serialize', 'unserialize', 'call_user_func', 'call_user_func_array',
  'debug_backtrace', 'error_log', 'ini_get', 'ini_set', 'getenv', 'putenv', 'php_sapi_name', 'phpversion',
  'version_compare', 'extension_loaded', 'memory_get_usage', 'microtime', 'hrtime', 'usleep', 'sleep', 'uniqid',
  'random_int', 'random_bytes', 'rand', 'mt_rand', 'header', 'headers_sent', 'http_build_query', 'parse_str',
  'parse_url', 'urlencode', 'urldecode', 'rawurlencode', 'base64_encode', 'base64_decode', 'md5', 'sha1', 'crc32',
  'hash', 'hash_hmac', 'password_hash', 'password_verify', 'bin2hex', 'hex2bin', 'ob_start', 'ob_get_clean',
  // strings
  'strlen', 'strtolower', 'strtoupper', 'ucfirst', 'lcfirst', 'ucwords', 'trim', 'ltrim', 'rtrim', 'str_pad',
  'str_repeat', 'str_replace', 'str_ireplace', 'str_contains', 'str_starts_with', 'str_ends_with', 'str_split',
  'strpos', 'stripos', 'strrpos', 'strstr', 'stristr', 'strrchr', 'substr', 'substr_count', 'substr_replace',
  'strcmp', 'strcasecmp', 'strncmp', 'strncasecmp', 'strnatcmp', 'strnatcasecmp', 'strtr', 'strrev', 'wordwrap',
  'nl2br', 'htmlspecialchars', 'htmlspecialchars_decode', 'html_entity_decode', 'htmlentities', 'strip_tags',
  'addslashes', 'stripslashes', 'sprintf', 'printf', 'vsprintf', 'fprintf', 'number_format', 'implode', 'explode',
  'join', 'chr', 'ord', 'dechex', 'hexdec', 'str_word_count', 'similar_text', 'levenshtein', 'chunk_split',
  'preg_match', 'preg_match_all', 'preg_replace', 'preg_replace_callback', 'preg_split', 'preg_quote', 'preg_grep',
  'preg_last_error', 'json_encode', 'json_decode', 'json_last_error', 'json_last_error_msg', 'ctype_digit',
  'ctype_alpha', 'ctype_alnum', 'ctype_space', 'ctype_upper', 'ctype_lower', 'ctype_punct', 'ctype_xdigit',
  'mb_strlen', 'mb_substr', 'mb_strtolower', 'mb_strtoupper', 'mb_strpos', 'mb_str_split', 'mb_strwidth',
  'mb_convert_encoding', 'mb_check_encoding', 'mb_internal_encoding', 'iconv',
  // arrays
  'count', 'sizeof', 'array_keys', 'array_values', 'array_merge', 'array_merge_recursive', 'array_replace',
  'array_combine', 'array_flip', 'array_slice', 'array_splice', 'array_map', 'array_filter', 'array_reduce',
  'array_walk', 'array_search', 'array_key_exists', 'key_exists', 'array_key_first', 'array_key_last', 'array_unique',
  'array_reverse', 'array_sum', 'array_product', 'array_push', 'array_pop', 'array_shift', 'array_unshift',
  'array_fill', 'array_fill_keys', 'array_pad', 'array_chunk', 'array_column', 'array_diff', 'array_diff_key',
  'array_diff_assoc', 'array_intersect', 'array_intersect_key', 'array_is_list', 'array_count_values', 'array_rand',
  'in_array', 'range', 'compact', 'extract', 'sort', 'rsort', 'usort', 'uasort', 'uksort', 'asort', 'arsort', 'ksort',
  'krsort', 'natsort', 'natcasesort', 'shuffle', 'array_multisort', 'current', 'key', 'next', 'prev', 'reset', 'end',
  // math
  'abs', 'ceil', 'floor', 'round', 'max', 'min', 'intdiv', 'fmod', 'pow', 'sqrt', 'exp', 'log', 'log10', 'pi', 'sin',
  'cos', 'tan', 'is_nan', 'is_finite', 'is_infinite', 'base_convert', 'bindec', 'decbin', 'octdec', 'decoct',
  // files and streams
  'file_exists', 'is_file', 'is_dir', 'is_readable', 'is_writable', 'file_get_contents', 'file_put_contents', 'file',
  'fopen', 'fclose', 'fread', 'fwrite', 'fputs', 'fgets', 'feof', 'fflush', 'ftell', 'fseek', 'rewind', 'unlink',
  'mkdir', 'rmdir', 'rename', 'copy', 'touch', 'glob', 'scandir', 'opendir', 'readdir', 'closedir', 'realpath',
  'basename', 'dirname', 'pathinfo', 'tempnam', 'sys_get_temp_dir', 'filemtime', 'filesize', 'chmod', 'getcwd',
  'chdir', 'stream_get_contents', 'stream_context_create', 'fileperms', 'is_link', 'readlink', 'symlink',
  // date
  'time', 'date', 'gmdate', 'mktime', 'strtotime', 'checkdate', 'date_default_timezone_get',
  'date_default_timezone_set',
]);

/** Classes, interfaces and enums of Core, SPL, JSON and date (lower case). */
export const PHP_CLASSES = new Set([
  'stdclass', 'closure', 'generator', 'weakmap', 'weakreference', 'fiber', 'attribute', 'returntypewillchange',
  'allowdynamicproperties', 'sensitiveparameter', 'override', 'unitenum', 'backedenum', 'traversable', 'iterator',
  'iteratoraggregate', 'arrayaccess', 'countable', 'serializable', 'stringable', 'jsonserializable', 'throwable',
  'exception', 'error', 'errorexception', 'typeerror', 'valueerror', 'argumentcounterror', 'arithmeticerror',
  'divisionbyzeroerror', 'assertionerror', 'compileerror', 'parseerror', 'unhandledmatcherror', 'jsonexception',
  'logicexception', 'badfunctioncallexception', 'badmethodcallexception', 'domainexception',
  'invalidargumentexception', 'lengthexception', 'outofrangeexception', 'runtimeexception', 'outofboundsexception',
  'overflowexception', 'rangeexception', 'underflowexception', 'unexpectedvalueexception', 'arrayobject',
  'arrayiterator', 'recursivearrayiterator', 'iteratoriterator', 'filteriterator', 'callbackfilteriterator',
  'limititerator', 'appenditerator', 'generatoriterator', 'emptyiterator', 'infiniteiterator', 'norewinditerator',
  'cachingiterator', 'recursiveiterator', 'recursiveiteratoriterator', 'directoryiterator', 'filesystemiterator',
  'recursivedirectoryiterator', 'globiterator', 'outeriterator', 'seekableiterator', 'splfileinfo', 'splfileobject',
  'spltempfileobject', 'spldoublylinkedlist', 'splqueue', 'splstack', 'splheap', 'splminheap', 'splmaxheap',
  'splpriorityqueue', 'splfixedarray', 'splobjectstorage', 'splsubject', 'splobserver', 'datetime',
  'datetimeimmutable', 'datetimeinterface', 'datetimezone', 'dateinterval', 'dateperiod',
]);
