// Command gotypes is the go/types oracle of scripts/navigation/gotypes.mjs: it type-checks every package under a
// folder of a GOPATH tree (GO111MODULE=off; GOROOT and GOPATH from the environment) with the standard library only
// (go/build, go/parser, go/types and the source importer), and prints, as JSON, every call and type position whose
// identifier go/types resolves (Info.Uses) to a declaration inside that folder.
//
// Usage: gotypes -root DIR
//
// Positions: a call's callee (`f(x)`, the `Sel` of `x.f(y)`), and identifiers go/types records as types (`T`, the
// `Sel` of `pkg.T`). Lines are 1-based; columns 1-based UTF-16 code units (as code-index counts them). A declaration
// is documented when its own doc comment (a func's, a type or value spec's, or its parenthesis-less declaration's, a
// field's or interface method's) has text.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

type location struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

type position struct {
	Kind       string     `json:"kind"`
	File       string     `json:"file"`
	Line       int        `json:"line"`
	Column     int        `json:"column"`
	Name       string     `json:"name"`
	Expected   []location `json:"expected"`
	Documented bool       `json:"documented"`
}

type output struct {
	Packages  int        `json:"packages"`
	Files     int        `json:"files"`
	Positions []position `json:"positions"`
}

func main() {
	rootFlag := flag.String("root", "", "folder to check (inside GOPATH/src)")
	flag.Parse()
	root, err := filepath.Abs(*rootFlag)
	if err != nil || *rootFlag == "" {
		fmt.Fprintln(os.Stderr, "usage: gotypes -root DIR")
		os.Exit(2)
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil).(types.ImporterFrom)
	docs := newDocIndex()
	out := output{Positions: []position{}}

	var dirs []string
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			dirs = append(dirs, path)
		}
		return nil
	})
	sort.Strings(dirs)

	for _, dir := range dirs {
		pkg, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			continue
		}
		out.Packages++
		// The package with its in-package tests, then the external test package (`x_test`).
		groups := [][]string{append(append([]string{}, pkg.GoFiles...), pkg.TestGoFiles...), pkg.XTestGoFiles}
		for i, names := range groups {
			if len(names) == 0 {
				continue
			}
			var files []*ast.File
			for _, name := range names {
				file, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
				if err == nil {
					files = append(files, file)
				}
			}
			out.Files += len(files)
			info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
			config := types.Config{Importer: imp, Error: func(error) {}}
			path := pkg.ImportPath
			if i == 1 {
				path += "_test"
			}
			_, _ = config.Check(path, fset, files, info)
			for _, file := range files {
				out.Positions = append(out.Positions, positionsOf(fset, root, file, info, docs)...)
			}
		}
	}
	encoder := json.NewEncoder(os.Stdout)
	if err := encoder.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// positionsOf lists the call and type positions of a file that resolve inside root.
func positionsOf(fset *token.FileSet, root string, file *ast.File, info *types.Info, docs *docIndex) []position {
	var found []position
	seen := map[*ast.Ident]bool{}
	add := func(kind string, id *ast.Ident) {
		if id == nil || seen[id] {
			return
		}
		seen[id] = true
		obj := info.Uses[id]
		if obj == nil || obj.Pkg() == nil || !obj.Pos().IsValid() {
			return
		}
		if _, isPackage := obj.(*types.PkgName); isPackage {
			return
		}
		declared := fset.Position(obj.Pos())
		rel, ok := inside(root, declared.Filename)
		if !ok {
			return
		}
		at := fset.Position(id.Pos())
		from, ok := inside(root, at.Filename)
		if !ok {
			return
		}
		found = append(found, position{
			Kind:       kind,
			File:       from,
			Line:       at.Line,
			Column:     docs.utf16Column(at.Filename, at.Offset),
			Name:       id.Name,
			Expected:   []location{{File: rel, Line: declared.Line}},
			Documented: docs.documented(declared.Filename, declared.Offset),
		})
	}
	callee := func(expr ast.Expr) *ast.Ident {
		for {
			switch e := expr.(type) {
			case *ast.ParenExpr:
				expr = e.X
			case *ast.Ident:
				return e
			case *ast.SelectorExpr:
				return e.Sel
			default:
				return nil
			}
		}
	}
	ast.Inspect(file, func(node ast.Node) bool {
		switch n := node.(type) {
		case *ast.CallExpr:
			// A conversion `T(x)` names a type.
			kind := "call"
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				kind = "type"
			}
			add(kind, callee(n.Fun))
		case *ast.Ident:
			if tv, ok := info.Types[n]; ok && tv.IsType() {
				add("type", n)
			}
		case *ast.SelectorExpr:
			if tv, ok := info.Types[n]; ok && tv.IsType() {
				add("type", n.Sel)
			}
		}
		return true
	})
	return found
}

// inside returns the slash-separated path of file relative to root, when it is inside.
func inside(root, file string) (string, bool) {
	rel, err := filepath.Rel(root, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// docIndex answers, per declaration position, whether it has a doc comment; files are parsed once.
type docIndex struct {
	fset *token.FileSet
	docs map[string]map[int]bool
	text map[string][]byte
}

func newDocIndex() *docIndex {
	return &docIndex{fset: token.NewFileSet(), docs: map[string]map[int]bool{}, text: map[string][]byte{}}
}

func (d *docIndex) source(filename string) []byte {
	if text, ok := d.text[filename]; ok {
		return text
	}
	text, _ := os.ReadFile(filename)
	d.text[filename] = text
	return text
}

// utf16Column is the 1-based UTF-16 column of a byte offset.
func (d *docIndex) utf16Column(filename string, offset int) int {
	text := d.source(filename)
	start := offset
	for start > 0 && text[start-1] != '\n' {
		start--
	}
	column := 1
	for _, r := range string(text[start:offset]) {
		if r == utf8.RuneError {
			column++
			continue
		}
		column += len(utf16.Encode([]rune{r}))
	}
	return column
}

func hasText(group *ast.CommentGroup) bool {
	return group != nil && strings.TrimSpace(group.Text()) != ""
}

// documented reports whether the declaration whose name starts at offset has its own doc comment.
func (d *docIndex) documented(filename string, offset int) bool {
	byOffset, ok := d.docs[filename]
	if !ok {
		byOffset = map[int]bool{}
		d.docs[filename] = byOffset
		file, err := parser.ParseFile(d.fset, filename, d.source(filename), parser.ParseComments)
		if err == nil {
			mark := func(id *ast.Ident, doc bool) {
				if id != nil {
					byOffset[d.fset.Position(id.Pos()).Offset] = doc
				}
			}
			fields := func(list *ast.FieldList) {
				if list == nil {
					return
				}
				for _, field := range list.List {
					for _, name := range field.Names {
						mark(name, hasText(field.Doc))
					}
					if len(field.Names) == 0 {
						// An embedded field is named by its type.
						switch t := field.Type.(type) {
						case *ast.StarExpr:
							if id, ok := t.X.(*ast.Ident); ok {
								mark(id, hasText(field.Doc))
							} else if sel, ok := t.X.(*ast.SelectorExpr); ok {
								mark(sel.Sel, hasText(field.Doc))
							}
						case *ast.Ident:
							mark(t, hasText(field.Doc))
						case *ast.SelectorExpr:
							mark(t.Sel, hasText(field.Doc))
						}
					}
				}
			}
			ast.Inspect(file, func(node ast.Node) bool {
				switch n := node.(type) {
				case *ast.FuncDecl:
					mark(n.Name, hasText(n.Doc))
				case *ast.GenDecl:
					for _, spec := range n.Specs {
						switch s := spec.(type) {
						case *ast.TypeSpec:
							doc := s.Doc
							if doc == nil && !n.Lparen.IsValid() {
								doc = n.Doc
							}
							mark(s.Name, hasText(doc))
						case *ast.ValueSpec:
							doc := s.Doc
							if doc == nil && !n.Lparen.IsValid() {
								doc = n.Doc
							}
							for _, name := range s.Names {
								mark(name, hasText(doc))
							}
						}
					}
				case *ast.StructType:
					fields(n.Fields)
				case *ast.InterfaceType:
					fields(n.Methods)
				}
				return true
			})
		}
	}
	return byOffset[offset]
}
