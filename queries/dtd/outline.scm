; DTD outline: element declarations, attribute lists (named by their element) with their attributes, general
; and parameter entities, notations; an external parameter entity (`<!ENTITY % x SYSTEM "x.dtd">`) is an import.

(Comment) @comment

((elementdecl (Name) @name) @definition.element)

((AttlistDecl . (Name) @name) @definition.attlist)
((AttDef . (Name) @name) @definition.attribute)

((GEDecl (Name) @name) @definition.entity)
((PEDecl (Name) @name) @definition.entity)

((NotationDecl (Name) @name) @definition.notation)

((PEDecl (ExternalID (SystemLiteral (URI) @import.source))) @import)
