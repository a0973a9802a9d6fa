; Python definitions, references and imports (grammar: tree-sitter-python, @cursorless/tree-sitter-wasms build).
; Started from the grammar's own queries/tags.scm (module constants, classes, functions, calls) and extended with
; code-index's detail captures. See queries/README.md. The earliest pattern that defines a node decides its kind,
; so constructors come before methods, and methods before plain functions.

; ---- constructors and methods (functions directly in a class body) ------------------

(class_definition
  body: (block
    [
      (function_definition
        "async"? @modifier
        name: (identifier) @name
        parameters: (parameters) @parameters
        body: (block) @body) @definition.constructor
      (decorated_definition
        definition: (function_definition
          "async"? @modifier
          name: (identifier) @name
          parameters: (parameters) @parameters
          body: (block) @body) @definition.constructor)
    ])
  (#eq? @name "__init__"))

(class_definition
  body: (block
    [
      (function_definition
        "async"? @modifier
        name: (identifier) @name
        parameters: (parameters) @parameters
        body: (block) @body) @definition.method
      (decorated_definition
        definition: (function_definition
          "async"? @modifier
          name: (identifier) @name
          parameters: (parameters) @parameters
          body: (block) @body) @definition.method)
    ]))

; @staticmethod / @classmethod / @property / @abc.abstractmethod on a method read as modifiers
(class_definition
  body: (block
    (decorated_definition
      (decorator [(identifier) @modifier.static (attribute attribute: (identifier) @modifier.static)])
      definition: (function_definition name: (identifier) @name) @definition.method))
  (#eq? @modifier.static "staticmethod"))
(class_definition
  body: (block
    (decorated_definition
      (decorator [(identifier) @modifier.classmethod (attribute attribute: (identifier) @modifier.classmethod)])
      definition: (function_definition name: (identifier) @name) @definition.method))
  (#eq? @modifier.classmethod "classmethod"))
(class_definition
  body: (block
    (decorated_definition
      (decorator [(identifier) @modifier.property (attribute attribute: (identifier) @modifier.property)])
      definition: (function_definition name: (identifier) @name) @definition.method))
  (#eq? @modifier.property "property"))
(class_definition
  body: (block
    (decorated_definition
      (decorator [(identifier) @modifier.abstract (attribute attribute: (identifier) @modifier.abstract)])
      definition: (function_definition name: (identifier) @name) @definition.method))
  (#eq? @modifier.abstract "abstractmethod"))

; ---- functions ----------------------------------------------------------------------

(function_definition
  "async"? @modifier
  name: (identifier) @name
  parameters: (parameters) @parameters
  body: (block) @body) @definition.function

; details of any def (attached to the definition that owns the node)
(function_definition return_type: (_) @return_type)
(function_definition type_parameters: (_) @type_parameters)

; docstrings: the first statement of the body, when it is a string
(function_definition
  name: (identifier) @name
  body: (block . (expression_statement . (string) @doc .))) @definition.function

; ---- parameters ---------------------------------------------------------------------

(parameters (identifier) @parameter @parameter.name)
(parameters
  (typed_parameter
    . (identifier) @parameter.name
    type: (_) @parameter.type) @parameter)
(parameters
  (default_parameter
    name: (_) @parameter.name
    value: (_) @parameter.default) @parameter)
(parameters
  (typed_default_parameter
    name: (_) @parameter.name
    type: (_) @parameter.type
    value: (_) @parameter.default) @parameter)
(parameters
  [
    (list_splat_pattern (identifier) @parameter.name)
    (dictionary_splat_pattern (identifier) @parameter.name)
  ] @parameter @parameter.rest)
(parameters
  (typed_parameter
    [
      (list_splat_pattern (identifier) @parameter.name)
      (dictionary_splat_pattern (identifier) @parameter.name)
    ]
    type: (_) @parameter.type) @parameter @parameter.rest)

; ---- classes ------------------------------------------------------------------------

(class_definition
  name: (identifier) @name
  body: (block) @body) @definition.class

(class_definition
  name: (identifier) @name
  body: (block . (expression_statement . (string) @doc .))) @definition.class

; the base list as written (`Base, Generic[T], metaclass=ABCMeta`)
(class_definition superclasses: (argument_list) @extends)
(class_definition type_parameters: (_) @type_parameters)

; class attributes and dataclass-style fields: `name: str = "x"`, `retries = 3`
(class_definition
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @name
        type: (_)? @type
        right: (_)? @value) @definition.property)))

; ---- module-level names -------------------------------------------------------------

; type aliases: `type Pair[T] = tuple[T, T]`, `T = TypeVar("T")`, `UserId = NewType("UserId", int)`
(type_alias_statement
  .
  (type [(identifier) @name (generic_type . (identifier) @name)])
  .
  (type) @value) @definition.type
(type_alias_statement . (type (generic_type (type_parameter) @type_parameters)))
(module
  (expression_statement
    (assignment
      left: (identifier) @name
      right: (call
        function: (identifier) @_factory) @value) @definition.type)
  (#any-of? @_factory "TypeVar" "ParamSpec" "TypeVarTuple" "NewType"))

; UPPER_CASE module assignments are constants; other module assignments are variables
(module
  (expression_statement
    (assignment
      left: (identifier) @name
      type: (_)? @type
      right: (_)? @value) @definition.constant)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(module
  (expression_statement
    (assignment
      left: (identifier) @name
      type: (_)? @type
      right: (_)? @value) @definition.variable)
  (#not-match? @name "^__[a-z_]+__$"))

; ---- imports ------------------------------------------------------------------------

; import a.b / import a.b as c (each module of `import a, b` is its own import); `import a.b` binds `a`
(import_statement name: (dotted_name . (identifier) @import.namespace) @import @import.source)
(import_statement
  name: (aliased_import
    name: (dotted_name) @import.source
    alias: (identifier) @import.namespace) @import)

; from x import y, z as w / from . import y / from .m import *
(import_from_statement
  module_name: (_) @import.source
  name: (dotted_name) @import.name @import.item) @import
(import_from_statement
  module_name: (_) @import.source
  name: (aliased_import
    name: (dotted_name) @import.name
    alias: (identifier) @import.alias) @import.item) @import
(import_from_statement
  module_name: (_) @import.source
  (wildcard_import) @import.name @import.item) @import
(future_import_statement
  "__future__" @import.source
  name: (dotted_name) @import.name @import.item) @import

; ---- references ---------------------------------------------------------------------

(call function: (identifier) @name) @reference.call
(call function: (attribute attribute: (identifier) @name)) @reference.call
(class_definition superclasses: (argument_list [(identifier) @name (attribute attribute: (identifier) @name)] @reference.class))
(class_definition superclasses: (argument_list (subscript value: (identifier) @name) @reference.class))
(type (identifier) @name) @reference.type
(type (generic_type . (identifier) @name)) @reference.type
(type (attribute attribute: (identifier) @name)) @reference.type

; ---- comments and decorators --------------------------------------------------------

(comment) @comment
(decorator) @decorator

; ---- explicit exports ---------------------------------------------------------------
; `__all__ = ["a", "B"]` (and `+=`, tuples): when a module lists its names, the list decides what it exports,
; not the no-leading-underscore convention.
(module
  (expression_statement
    [(assignment left: (identifier) @_all right: [(list (string (string_content) @export.name)) (tuple (string (string_content) @export.name))])
     (augmented_assignment left: (identifier) @_all right: [(list (string (string_content) @export.name)) (tuple (string (string_content) @export.name))])]
    (#eq? @_all "__all__")) @export)

; ---- instance attributes ------------------------------------------------------------
; `self.name = value` in a method (`cls.name` in a class method: whatever its first parameter is called) declares an
; attribute of the class the method is defined in: a member of that class (`@receiver`), as Jedi lists them. The
; assignment may sit in the method's body or one or two blocks down (`if`, `try`/`except`, `with`, loops). A class
; called (`self.db = Database(...)`, a capitalized name) is the attribute's type.
(class_definition
  name: (identifier) @receiver
  body: (block
    [
      (function_definition
        parameters: (parameters . (identifier) @_self)
        body: (block
          [
            (expression_statement (assignment left: (attribute object: (identifier) @_object attribute: (identifier) @name) type: (_)? @type) @definition.property)
            (_ (block (expression_statement (assignment left: (attribute object: (identifier) @_object attribute: (identifier) @name) type: (_)? @type) @definition.property)))
            (_ (_ (block (expression_statement (assignment left: (attribute object: (identifier) @_object attribute: (identifier) @name) type: (_)? @type) @definition.property))))
          ]))
      (decorated_definition
        definition: (function_definition
          parameters: (parameters . (identifier) @_self)
          body: (block
            [
              (expression_statement (assignment left: (attribute object: (identifier) @_object attribute: (identifier) @name) type: (_)? @type) @definition.property)
              (_ (block (expression_statement (assignment left: (attribute object: (identifier) @_object attribute: (identifier) @name) type: (_)? @type) @definition.property)))
              (_ (_ (block (expression_statement (assignment left: (attribute object: (identifier) @_object attribute: (identifier) @name) type: (_)? @type) @definition.property))))
            ])))
    ])
  (#eq? @_self @_object))
(class_definition
  body: (block
    [
      (function_definition
        body: (block
          [
            (expression_statement (assignment left: (attribute) !type right: (call function: [(identifier) (attribute)] @type)) @definition.property)
            (_ (block (expression_statement (assignment left: (attribute) !type right: (call function: [(identifier) (attribute)] @type)) @definition.property)))
            (_ (_ (block (expression_statement (assignment left: (attribute) !type right: (call function: [(identifier) (attribute)] @type)) @definition.property))))
          ]))
      (decorated_definition
        definition: (function_definition
          body: (block
            [
              (expression_statement (assignment left: (attribute) !type right: (call function: [(identifier) (attribute)] @type)) @definition.property)
              (_ (block (expression_statement (assignment left: (attribute) !type right: (call function: [(identifier) (attribute)] @type)) @definition.property)))
              (_ (_ (block (expression_statement (assignment left: (attribute) !type right: (call function: [(identifier) (attribute)] @type)) @definition.property))))
            ])))
    ])
  (#match? @type "(^|\\.)_*[A-Z][A-Za-z0-9_]*$"))
