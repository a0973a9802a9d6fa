; Objective-C definitions, references and imports (tree-sitter-objc via tree-sitter-wasms 0.1.13).
; Written for code-index. Loaded BEFORE queries/c/tags.scm (the grammar extends C's, so C functions, structs,
; enums, typedefs and macros come from the C file). See queries/README.md.
; A method is named by its first selector keyword (`initWithSKU` for `initWithSKU:quantity:`): a name made of
; several nodes cannot be captured. Its parameters are direct children of the method (no list node), so the method
; is its own @parameters node.

; ---- classes, categories, protocols -----------------------------------------------

; @interface Item : NSObject <NSCopying>
; (an @interface / @protocol has no body node: it is its own @body, so that a member after an anonymous token,
; `@interface Item ()`, does not take the class's doc comment)
(class_interface . "@interface" . (identifier) @name) @definition.class @body
; its superclass, generic arguments, protocols and category, and the references among them: the alternatives of one
; pattern (tree-sitter analyses each pattern's node on its own, ~0.01 s per class_interface pattern)
(class_interface
  [
    superclass: (identifier) @extends
    superclass: (identifier) @name @reference.class
    (parameterized_arguments (type_name (type_identifier) @implements))
    (parameterized_arguments (type_name (type_identifier) @name @reference.implementation))
    (protocol_reference_list (identifier) @implements)
    category: (identifier) @modifier.category
  ])

; @implementation Item  (its methods join the @interface of the same name in the file)
(class_implementation . "@implementation" . (identifier) @name) @definition.impl

; @protocol InventoryStore <NSObject>
(protocol_declaration . "@protocol" . (identifier) @name) @definition.interface @body
(protocol_declaration (protocol_reference_list (identifier) @extends))

; ---- methods ----------------------------------------------------------------------

; A method definition is always the one child of an `implementation_definition` (the grammar's wrapper for what
; an @implementation holds), so these patterns start there and match the method as a wildcard node that starts
; with `-`/`+`: tree-sitter then analyses the small wrapper, not method_definition's long rule (its selectors,
; K&R-style declarations and attributes), which made each method pattern cost ~0.25 s to compile.

; `- (instancetype)init...` instance methods are initializers
(implementation_definition
  (_
    .
    "-"
    .
    (method_type (type_name) @return_type)?
    .
    (identifier) @name
    (compound_statement) @body
    (#match? @name "^init([A-Z_]|$)")) @definition.constructor @parameters)
(method_declaration
  .
  "-"
  .
  (method_type (type_name) @return_type)?
  .
  (identifier) @name
  (#match? @name "^init([A-Z_]|$)")) @definition.constructor @parameters

(implementation_definition
  (_
    .
    ["-" "+" @modifier.class]
    .
    (method_type (type_name) @return_type)?
    .
    (identifier) @name
    (compound_statement) @body) @definition.method @parameters)
; (`+` class methods are written `class`, not `static`, which marks private C definitions)
(method_declaration
  .
  ["-" "+" @modifier.class]
  .
  (method_type (type_name) @return_type)?
  .
  (identifier) @name) @definition.method @parameters

(method_parameter
  (method_type (type_name) @parameter.type)
  (identifier) @parameter.name) @parameter

; @property (nonatomic, copy) NSString *sku;
(property_declaration
  (struct_declaration
    .
    (_) @type
    (struct_declarator [
      (identifier) @name
      (_ "*" declarator: (identifier) @name)
      (_ "*" declarator: (_ "*" declarator: (identifier) @name))
      (_ (identifier) @name)
    ]))) @definition.property
(property_declaration (property_attributes_declaration (property_attribute) @modifier))

; ---- constants --------------------------------------------------------------------

; static const NSUInteger kMax = 100;  /  NSString * const Domain = @"...";
; (the top-level declaration is matched as a wildcard node with `type:` and an init_declarator-like `declarator:`
; holding a `value:`, which only a declaration has: a nested `(declaration ...)` step made tree-sitter analyse the
; declaration rule from every place one can start, ~0.25 s)
(translation_unit
  (_
    (type_qualifier)
    type: (_) @type
    declarator: (_
      declarator: [(identifier) @name (_ "*" declarator: (identifier) @name)]
      value: (_) @value)) @definition.constant)
(translation_unit
  (_
    type: (_) @type
    declarator: (_
      declarator: (_ "*" (type_qualifier) declarator: (identifier) @name)
      value: (_) @value)) @definition.constant)

; ---- imports ----------------------------------------------------------------------

; #import <Foundation/Foundation.h>  /  #import "Item.h"  /  #include: C's preproc_include patterns (c/tags.scm)
; @import UIKit;
(module_import path: (_) @import.source) @import

; ---- references -------------------------------------------------------------------

(message_expression method: (identifier) @name) @reference.call
(protocol_reference_list (identifier) @name @reference.interface)
