// Declarations of the part of libclang's stable C API that viperlint uses, written for
// viperlint so that building it needs no clang headers: libclang is opened at run time with
// dlopen, and every function is reached through the table below. The struct layouts and the
// enumeration values are libclang's ABI, unchanged since clang 3.x; enumerations are plain
// `int` here, which is how a C `enum` is passed.
#ifndef VIPERLINT_CLIBCLANG_H
#define VIPERLINT_CLIBCLANG_H

#include <stddef.h>

typedef void *VLIndex;
typedef struct VLTranslationUnitImpl *VLTranslationUnit;
typedef void *VLDiagnostic;
typedef void *VLFile;
typedef void *VLClientData;

typedef struct {
    const void *data;
    unsigned private_flags;
} VLString;

typedef struct {
    int kind;
    int xdata;
    const void *data[3];
} VLCursor;

typedef struct {
    int kind;
    void *data[2];
} VLType;

typedef struct {
    const void *ptr_data[2];
    unsigned int_data;
} VLSourceLocation;

typedef struct {
    const void *ptr_data[2];
    unsigned begin_int_data;
    unsigned end_int_data;
} VLSourceRange;

typedef struct {
    const char *Filename;
    const char *Contents;
    unsigned long Length;
} VLUnsavedFile;

/// The visitor's answer: 0 break, 1 continue with the next sibling, 2 recurse into children.
typedef int (*VLCursorVisitor)(VLCursor cursor, VLCursor parent, VLClientData data);

/// The libclang functions viperlint calls, resolved by name when the library is opened.
typedef struct {
    VLIndex (*createIndex)(int excludeDeclarationsFromPCH, int displayDiagnostics);
    void (*disposeIndex)(VLIndex index);
    int (*parseTranslationUnit2)(VLIndex index, const char *sourceFilename, const char *const *arguments,
                                 int argumentCount, VLUnsavedFile *unsavedFiles, unsigned unsavedFileCount,
                                 unsigned options, VLTranslationUnit *unit);
    void (*disposeTranslationUnit)(VLTranslationUnit unit);
    VLCursor (*getTranslationUnitCursor)(VLTranslationUnit unit);
    unsigned (*visitChildren)(VLCursor parent, VLCursorVisitor visitor, VLClientData data);
    int (*getCursorKind)(VLCursor cursor);
    VLString (*getCursorSpelling)(VLCursor cursor);
    VLSourceLocation (*getCursorLocation)(VLCursor cursor);
    VLSourceRange (*getCursorExtent)(VLCursor cursor);
    VLType (*getCursorType)(VLCursor cursor);
    VLType (*getCursorResultType)(VLCursor cursor);
    VLString (*getTypeSpelling)(VLType type);
    unsigned (*getObjCPropertyAttributes)(VLCursor cursor, unsigned reserved);
    VLCursor (*getCursorReferenced)(VLCursor cursor);
    void (*getExpansionLocation)(VLSourceLocation location, VLFile *file, unsigned *line, unsigned *column,
                                 unsigned *offset);
    int (*locationIsFromMainFile)(VLSourceLocation location);
    VLString (*getFileName)(VLFile file);
    VLSourceLocation (*getRangeStart)(VLSourceRange range);
    VLSourceLocation (*getRangeEnd)(VLSourceRange range);
    unsigned (*getNumDiagnostics)(VLTranslationUnit unit);
    VLDiagnostic (*getDiagnostic)(VLTranslationUnit unit, unsigned index);
    int (*getDiagnosticSeverity)(VLDiagnostic diagnostic);
    VLString (*getDiagnosticSpelling)(VLDiagnostic diagnostic);
    VLSourceLocation (*getDiagnosticLocation)(VLDiagnostic diagnostic);
    VLString (*getDiagnosticCategoryText)(VLDiagnostic diagnostic);
    void (*disposeDiagnostic)(VLDiagnostic diagnostic);
    const char *(*getCString)(VLString string);
    void (*disposeString)(VLString string);
    VLString (*getClangVersion)(void);
} VLClangAPI;

/// Opens the libclang at `path` and fills `api`. Returns 0 on success; otherwise writes why
/// (the loader's message, or the first missing function) into `error` and closes the library.
int vl_clang_open(const char *path, VLClangAPI *api, void **handle, char *error, size_t errorSize);

/// The kinds of cursor viperlint reads (libclang's `CXCursorKind` values).
enum {
    VLCursor_StructDecl = 2,
    VLCursor_EnumDecl = 5,
    VLCursor_FunctionDecl = 8,
    VLCursor_VarDecl = 9,
    VLCursor_ParmDecl = 10,
    VLCursor_ObjCInterfaceDecl = 11,
    VLCursor_ObjCCategoryDecl = 12,
    VLCursor_ObjCProtocolDecl = 13,
    VLCursor_ObjCPropertyDecl = 14,
    VLCursor_ObjCIvarDecl = 15,
    VLCursor_ObjCInstanceMethodDecl = 16,
    VLCursor_ObjCClassMethodDecl = 17,
    VLCursor_ObjCImplementationDecl = 18,
    VLCursor_ObjCCategoryImplDecl = 19,
    VLCursor_TypedefDecl = 20,
    VLCursor_ObjCSuperClassRef = 40,
    VLCursor_ObjCProtocolRef = 41,
    VLCursor_ObjCClassRef = 42,
    VLCursor_TypeRef = 43,
    VLCursor_UnexposedExpr = 100,
    VLCursor_DeclRefExpr = 101,
    VLCursor_MemberRefExpr = 102,
    VLCursor_CallExpr = 103,
    VLCursor_ParenExpr = 111,
    VLCursor_ObjCMessageExpr = 104,
    VLCursor_BinaryOperator = 114,
    VLCursor_ConditionalOperator = 116,
    VLCursor_CStyleCastExpr = 117,
    VLCursor_ObjCSelfExpr = 146,
    VLCursor_CompoundStmt = 202,
    VLCursor_CaseStmt = 203,
    VLCursor_IfStmt = 205,
    VLCursor_SwitchStmt = 206,
    VLCursor_WhileStmt = 207,
    VLCursor_DoStmt = 208,
    VLCursor_ForStmt = 209,
    VLCursor_ObjCAtCatchStmt = 217,
    VLCursor_ObjCForCollectionStmt = 222,
    VLCursor_MacroDefinition = 501,
    VLCursor_MacroExpansion = 502,
    VLCursor_InclusionDirective = 503,
    VLCursor_ModuleImportDecl = 600,
};

/// `CXObjCPropertyAttrKind` bits.
enum {
    VLPropertyAttr_readonly = 0x01,
    VLPropertyAttr_assign = 0x04,
    VLPropertyAttr_retain = 0x10,
    VLPropertyAttr_copy = 0x20,
    VLPropertyAttr_weak = 0x200,
    VLPropertyAttr_strong = 0x400,
    VLPropertyAttr_unsafe_unretained = 0x800,
    VLPropertyAttr_class = 0x1000,
};

/// `CXTranslationUnit_Flags` bits.
enum {
    VLTranslationUnit_DetailedPreprocessingRecord = 0x01,
    VLTranslationUnit_KeepGoing = 0x200,
    VLTranslationUnit_SingleFileParse = 0x400,
};

/// `CXDiagnosticSeverity`.
enum { VLDiagnostic_Error = 3, VLDiagnostic_Fatal = 4 };

#endif
