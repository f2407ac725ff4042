#include "CLibclang.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// Resolves one function; on failure names it in `error`.
static int resolve(void *library, const char *name, void **slot, char *error, size_t errorSize) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(error, errorSize, "the library has no function %s (not libclang, or older than clang 3.9)", name);
        return 1;
    }
    return 0;
}

int vl_clang_open(const char *path, VLClangAPI *api, void **handle, char *error, size_t errorSize) {
    // RTLD_LOCAL: the LLVM inside libclang must not interpose on anything else in the process.
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(error, errorSize, "%s", reason != NULL ? reason : "cannot be opened");
        return 1;
    }
    struct { const char *name; void **slot; } table[] = {
        {"clang_createIndex", (void **)&api->createIndex},
        {"clang_disposeIndex", (void **)&api->disposeIndex},
        {"clang_parseTranslationUnit2", (void **)&api->parseTranslationUnit2},
        {"clang_disposeTranslationUnit", (void **)&api->disposeTranslationUnit},
        {"clang_getTranslationUnitCursor", (void **)&api->getTranslationUnitCursor},
        {"clang_visitChildren", (void **)&api->visitChildren},
        {"clang_getCursorKind", (void **)&api->getCursorKind},
        {"clang_getCursorSpelling", (void **)&api->getCursorSpelling},
        {"clang_getCursorLocation", (void **)&api->getCursorLocation},
        {"clang_getCursorExtent", (void **)&api->getCursorExtent},
        {"clang_getCursorType", (void **)&api->getCursorType},
        {"clang_getCursorResultType", (void **)&api->getCursorResultType},
        {"clang_getTypeSpelling", (void **)&api->getTypeSpelling},
        {"clang_Cursor_getObjCPropertyAttributes", (void **)&api->getObjCPropertyAttributes},
        {"clang_getCursorReferenced", (void **)&api->getCursorReferenced},
        {"clang_getExpansionLocation", (void **)&api->getExpansionLocation},
        {"clang_Location_isFromMainFile", (void **)&api->locationIsFromMainFile},
        {"clang_getFileName", (void **)&api->getFileName},
        {"clang_getRangeStart", (void **)&api->getRangeStart},
        {"clang_getRangeEnd", (void **)&api->getRangeEnd},
        {"clang_getNumDiagnostics", (void **)&api->getNumDiagnostics},
        {"clang_getDiagnostic", (void **)&api->getDiagnostic},
        {"clang_getDiagnosticSeverity", (void **)&api->getDiagnosticSeverity},
        {"clang_getDiagnosticSpelling", (void **)&api->getDiagnosticSpelling},
        {"clang_getDiagnosticLocation", (void **)&api->getDiagnosticLocation},
        {"clang_getDiagnosticCategoryText", (void **)&api->getDiagnosticCategoryText},
        {"clang_disposeDiagnostic", (void **)&api->disposeDiagnostic},
        {"clang_getCString", (void **)&api->getCString},
        {"clang_disposeString", (void **)&api->disposeString},
        {"clang_getClangVersion", (void **)&api->getClangVersion},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (resolve(library, table[i].name, table[i].slot, error, errorSize) != 0) {
            dlclose(library);
            return 1;
        }
    }
    *handle = library;
    return 0;
}
