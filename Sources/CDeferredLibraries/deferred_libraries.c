// Poppler's GLib binding, Tesseract, GLib, GObject and cairo, loaded when first called rather than
// when `manual` starts.
//
// Linked the ordinary way, poppler-glib and Tesseract and the ~80 libraries they depend on (cairo's X11
// libraries, curl, NSS, Kerberos, LDAP, GnuTLS, ...) were loaded and relocated by the dynamic loader
// before `main`: 19 ms of CPU on every start, two thirds of a whole-process `manual query`, which reads
// neither a PDF nor an image (docs/performance.md at eb03cd7, "Seventh session"). GLib, GObject and cairo, which
// ManualKit calls itself, and their 20 dependencies (pixman, fontconfig, freetype, X11, xcb, ...) were
// still linked until the thirty-fifth session: a twentieth of a question's time, in the loader, for
// libraries a question never calls ("Thirty-fifth session"). Here each function ManualKit calls is
// defined with the library's own prototype (the headers are included, so a signature that differs
// does not compile); the first call opens the library (once per process, `pthread_once`) and looks the
// function up (once per function), and every call goes through the pointer found. Extraction workers,
// OCR, page images and the server's checksums pay the load when they first need it, as they paid it at
// start before.
//
// A library that cannot be loaded ends the process with the loader's message and status 127, as a
// missing library did at start before; only now a question still works without it.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>
#include <glib-object.h>
#include <glib.h>
#include <poppler/glib/poppler.h>
#include <tesseract/capi.h>

#include "manual_deferred_libraries.h"

/// One library: the file names tried in order (the soname the headers' version links against first),
/// its handle once opened, and the loader's message when it could not be.
typedef struct {
    const char *names[3];
    pthread_once_t once;
    void *handle;
    char failure[512];
} DeferredLibrary;

static DeferredLibrary poppler_glib = {{"libpoppler-glib.so.8", "libpoppler-glib.so", NULL}, PTHREAD_ONCE_INIT, NULL, ""};
static DeferredLibrary tesseract = {{"libtesseract.so.5", "libtesseract.so", NULL}, PTHREAD_ONCE_INIT, NULL, ""};
static DeferredLibrary glib = {{"libglib-2.0.so.0", "libglib-2.0.so", NULL}, PTHREAD_ONCE_INIT, NULL, ""};
static DeferredLibrary gobject = {{"libgobject-2.0.so.0", "libgobject-2.0.so", NULL}, PTHREAD_ONCE_INIT, NULL, ""};
static DeferredLibrary cairo = {{"libcairo.so.2", "libcairo.so", NULL}, PTHREAD_ONCE_INIT, NULL, ""};

static void open_library(DeferredLibrary *library) {
    for (int index = 0; library->names[index] != NULL; index++) {
        // RTLD_LOCAL: only these functions are looked up in it. A library is loaded once per process,
        // so the GLib and cairo that poppler-glib binds to are the ones opened here, whichever comes first.
        library->handle = dlopen(library->names[index], RTLD_NOW | RTLD_LOCAL);
        if (library->handle != NULL) return;
        if (index == 0) {
            const char *message = dlerror();
            snprintf(library->failure, sizeof library->failure, "%s", message ? message : library->names[0]);
        }
    }
}

static void open_poppler_glib(void) { open_library(&poppler_glib); }
static void open_tesseract(void) { open_library(&tesseract); }
static void open_glib(void) { open_library(&glib); }
static void open_gobject(void) { open_library(&gobject); }
static void open_cairo(void) { open_library(&cairo); }

/// The address of `name` in `library`, opening the library on first use; ends the process when either is missing.
static void *deferred_symbol(DeferredLibrary *library, void (*open)(void), const char *name) {
    pthread_once(&library->once, open);
    void *symbol = library->handle != NULL ? dlsym(library->handle, name) : NULL;
    if (symbol == NULL) {
        const char *why = library->handle != NULL ? dlerror() : library->failure;
        fprintf(stderr, "manual: error while loading shared libraries: %s\n", why ? why : name);
        _exit(127);
    }
    return symbol;
}

// The real function behind `name`, found once: the pointer is published with release/acquire, so a
// thread that sees it sees a loaded library; two threads racing on the first call both find the same one.
#define DEFERRED(library, name) (*({ \
    static __typeof__(&name) found; \
    __typeof__(&name) pointer = __atomic_load_n(&found, __ATOMIC_ACQUIRE); \
    if (pointer == NULL) { \
        pointer = (__typeof__(&name))deferred_symbol(&library, open_##library, #name); \
        __atomic_store_n(&found, pointer, __ATOMIC_RELEASE); \
    } \
    pointer; }))

#define POPPLER(name) DEFERRED(poppler_glib, name)
#define TESSERACT(name) DEFERRED(tesseract, name)
#define GLIB(name) DEFERRED(glib, name)
#define GOBJECT(name) DEFERRED(gobject, name)
#define CAIRO(name) DEFERRED(cairo, name)

int manual_deferred_library_is_loaded(const char *soname) {
    void *handle = dlopen(soname, RTLD_LAZY | RTLD_NOLOAD);
    if (handle == NULL) return 0;
    dlclose(handle);
    return 1;
}

const char *manual_tesseract_file(void) {
    Dl_info info;
    if (dladdr((void *)TESSERACT(TessVersion), &info) == 0 || info.dli_fname == NULL) return "";
    return info.dli_fname;
}

// MARK: Poppler (GLib binding)

PopplerDocument *poppler_document_new_from_file(const char *uri, const char *password, GError **error) {
    return POPPLER(poppler_document_new_from_file)(uri, password, error);
}
PopplerDocument *poppler_document_new_from_fd(int fd, const char *password, GError **error) {
    return POPPLER(poppler_document_new_from_fd)(fd, password, error);
}
PopplerDocument *poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error) {
    return POPPLER(poppler_document_new_from_bytes)(bytes, password, error);
}
GQuark poppler_error_quark(void) { return POPPLER(poppler_error_quark)(); }
gchar *poppler_document_get_author(PopplerDocument *document) { return POPPLER(poppler_document_get_author)(document); }
gchar *poppler_document_get_subject(PopplerDocument *document) { return POPPLER(poppler_document_get_subject)(document); }
gchar *poppler_document_get_title(PopplerDocument *document) { return POPPLER(poppler_document_get_title)(document); }
time_t poppler_document_get_creation_date(PopplerDocument *document) {
    return POPPLER(poppler_document_get_creation_date)(document);
}
gboolean poppler_document_get_id(PopplerDocument *document, gchar **permanent_id, gchar **update_id) {
    return POPPLER(poppler_document_get_id)(document, permanent_id, update_id);
}
int poppler_document_get_n_pages(PopplerDocument *document) { return POPPLER(poppler_document_get_n_pages)(document); }
PopplerPage *poppler_document_get_page(PopplerDocument *document, int index) {
    return POPPLER(poppler_document_get_page)(document, index);
}
PopplerPermissions poppler_document_get_permissions(PopplerDocument *document) {
    return POPPLER(poppler_document_get_permissions)(document);
}
PopplerDest *poppler_document_find_dest(PopplerDocument *document, const gchar *link_name) {
    return POPPLER(poppler_document_find_dest)(document, link_name);
}
void poppler_dest_free(PopplerDest *dest) { POPPLER(poppler_dest_free)(dest); }
void poppler_action_free(PopplerAction *action) { POPPLER(poppler_action_free)(action); }
PopplerIndexIter *poppler_index_iter_new(PopplerDocument *document) { return POPPLER(poppler_index_iter_new)(document); }
PopplerIndexIter *poppler_index_iter_get_child(PopplerIndexIter *parent) {
    return POPPLER(poppler_index_iter_get_child)(parent);
}
PopplerAction *poppler_index_iter_get_action(PopplerIndexIter *iter) { return POPPLER(poppler_index_iter_get_action)(iter); }
gboolean poppler_index_iter_next(PopplerIndexIter *iter) { return POPPLER(poppler_index_iter_next)(iter); }
void poppler_index_iter_free(PopplerIndexIter *iter) { POPPLER(poppler_index_iter_free)(iter); }
GList *poppler_page_find_text_with_options(PopplerPage *page, const char *text, PopplerFindFlags options) {
    return POPPLER(poppler_page_find_text_with_options)(page, text, options);
}
GList *poppler_page_get_image_mapping(PopplerPage *page) { return POPPLER(poppler_page_get_image_mapping)(page); }
cairo_surface_t *poppler_page_get_image(PopplerPage *page, gint image_id) {
    return POPPLER(poppler_page_get_image)(page, image_id);
}
void poppler_page_free_image_mapping(GList *list) { POPPLER(poppler_page_free_image_mapping)(list); }
GList *poppler_page_get_text_attributes(PopplerPage *page) { return POPPLER(poppler_page_get_text_attributes)(page); }
void poppler_page_free_text_attributes(GList *list) { POPPLER(poppler_page_free_text_attributes)(list); }
gchar *poppler_page_get_label(PopplerPage *page) { return POPPLER(poppler_page_get_label)(page); }
void poppler_page_get_size(PopplerPage *page, double *width, double *height) {
    POPPLER(poppler_page_get_size)(page, width, height);
}
char *poppler_page_get_text(PopplerPage *page) { return POPPLER(poppler_page_get_text)(page); }
gboolean poppler_page_get_text_layout(PopplerPage *page, PopplerRectangle **rectangles, guint *n_rectangles) {
    return POPPLER(poppler_page_get_text_layout)(page, rectangles, n_rectangles);
}
void poppler_page_render(PopplerPage *page, cairo_t *cairo) { POPPLER(poppler_page_render)(page, cairo); }
void poppler_rectangle_free(PopplerRectangle *rectangle) { POPPLER(poppler_rectangle_free)(rectangle); }

// MARK: Tesseract (C API)

const char *TessVersion(void) { return TESSERACT(TessVersion)(); }
void TessDeleteText(const char *text) { TESSERACT(TessDeleteText)(text); }
TessBaseAPI *TessBaseAPICreate(void) { return TESSERACT(TessBaseAPICreate)(); }
void TessBaseAPIDelete(TessBaseAPI *handle) { TESSERACT(TessBaseAPIDelete)(handle); }
void TessBaseAPIEnd(TessBaseAPI *handle) { TESSERACT(TessBaseAPIEnd)(handle); }
void TessBaseAPIClear(TessBaseAPI *handle) { TESSERACT(TessBaseAPIClear)(handle); }
int TessBaseAPIInit2(TessBaseAPI *handle, const char *datapath, const char *language, TessOcrEngineMode oem) {
    return TESSERACT(TessBaseAPIInit2)(handle, datapath, language, oem);
}
void TessBaseAPISetPageSegMode(TessBaseAPI *handle, TessPageSegMode mode) {
    TESSERACT(TessBaseAPISetPageSegMode)(handle, mode);
}
void TessBaseAPISetSourceResolution(TessBaseAPI *handle, int ppi) { TESSERACT(TessBaseAPISetSourceResolution)(handle, ppi); }
void TessBaseAPISetImage(TessBaseAPI *handle, const unsigned char *imagedata, int width, int height,
                         int bytes_per_pixel, int bytes_per_line) {
    TESSERACT(TessBaseAPISetImage)(handle, imagedata, width, height, bytes_per_pixel, bytes_per_line);
}
int TessBaseAPIRecognize(TessBaseAPI *handle, ETEXT_DESC *monitor) { return TESSERACT(TessBaseAPIRecognize)(handle, monitor); }
TessPageIterator *TessBaseAPIAnalyseLayout(TessBaseAPI *handle) { return TESSERACT(TessBaseAPIAnalyseLayout)(handle); }
TessResultIterator *TessBaseAPIGetIterator(TessBaseAPI *handle) { return TESSERACT(TessBaseAPIGetIterator)(handle); }
BOOL TessPageIteratorBaseline(const TessPageIterator *handle, TessPageIteratorLevel level, int *x1, int *y1, int *x2, int *y2) {
    return TESSERACT(TessPageIteratorBaseline)(handle, level, x1, y1, x2, y2);
}
BOOL TessPageIteratorBoundingBox(const TessPageIterator *handle, TessPageIteratorLevel level, int *left, int *top,
                                 int *right, int *bottom) {
    return TESSERACT(TessPageIteratorBoundingBox)(handle, level, left, top, right, bottom);
}
TessPolyBlockType TessPageIteratorBlockType(const TessPageIterator *handle) {
    return TESSERACT(TessPageIteratorBlockType)(handle);
}
void TessPageIteratorDelete(TessPageIterator *handle) { TESSERACT(TessPageIteratorDelete)(handle); }
BOOL TessPageIteratorIsAtBeginningOf(const TessPageIterator *handle, TessPageIteratorLevel level) {
    return TESSERACT(TessPageIteratorIsAtBeginningOf)(handle, level);
}
BOOL TessPageIteratorNext(TessPageIterator *handle, TessPageIteratorLevel level) {
    return TESSERACT(TessPageIteratorNext)(handle, level);
}
float TessResultIteratorConfidence(const TessResultIterator *handle, TessPageIteratorLevel level) {
    return TESSERACT(TessResultIteratorConfidence)(handle, level);
}
void TessResultIteratorDelete(TessResultIterator *handle) { TESSERACT(TessResultIteratorDelete)(handle); }
TessPageIterator *TessResultIteratorGetPageIterator(TessResultIterator *handle) {
    return TESSERACT(TessResultIteratorGetPageIterator)(handle);
}
char *TessResultIteratorGetUTF8Text(const TessResultIterator *handle, TessPageIteratorLevel level) {
    return TESSERACT(TessResultIteratorGetUTF8Text)(handle, level);
}
BOOL TessResultIteratorNext(TessResultIterator *handle, TessPageIteratorLevel level) {
    return TESSERACT(TessResultIteratorNext)(handle, level);
}

// MARK: GLib and GObject

void g_free(gpointer memory) { GLIB(g_free)(memory); }
gpointer g_malloc(gsize size) { return GLIB(g_malloc)(size); }
void g_error_free(GError *error) { GLIB(g_error_free)(error); }
void g_list_free_full(GList *list, GDestroyNotify free_function) { GLIB(g_list_free_full)(list, free_function); }
gchar *g_filename_to_uri(const gchar *filename, const gchar *hostname, GError **error) {
    return GLIB(g_filename_to_uri)(filename, hostname, error);
}
GBytes *g_bytes_new(gconstpointer data, gsize size) { return GLIB(g_bytes_new)(data, size); }
GBytes *g_bytes_new_with_free_func(gconstpointer data, gsize size, GDestroyNotify free_function, gpointer user_data) {
    return GLIB(g_bytes_new_with_free_func)(data, size, free_function, user_data);
}
void g_bytes_unref(GBytes *bytes) { GLIB(g_bytes_unref)(bytes); }
GChecksum *g_checksum_new(GChecksumType type) { return GLIB(g_checksum_new)(type); }
void g_checksum_update(GChecksum *checksum, const guchar *data, gssize length) {
    GLIB(g_checksum_update)(checksum, data, length);
}
const gchar *g_checksum_get_string(GChecksum *checksum) { return GLIB(g_checksum_get_string)(checksum); }
void g_checksum_free(GChecksum *checksum) { GLIB(g_checksum_free)(checksum); }
void g_object_unref(gpointer object) { GOBJECT(g_object_unref)(object); }

// MARK: cairo

cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height) {
    return CAIRO(cairo_image_surface_create)(format, width, height);
}
unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface) {
    return CAIRO(cairo_image_surface_get_data)(surface);
}
int cairo_image_surface_get_stride(cairo_surface_t *surface) { return CAIRO(cairo_image_surface_get_stride)(surface); }
int cairo_image_surface_get_width(cairo_surface_t *surface) { return CAIRO(cairo_image_surface_get_width)(surface); }
int cairo_image_surface_get_height(cairo_surface_t *surface) { return CAIRO(cairo_image_surface_get_height)(surface); }
cairo_format_t cairo_image_surface_get_format(cairo_surface_t *surface) {
    return CAIRO(cairo_image_surface_get_format)(surface);
}
cairo_status_t cairo_surface_status(cairo_surface_t *surface) { return CAIRO(cairo_surface_status)(surface); }
void cairo_surface_flush(cairo_surface_t *surface) { CAIRO(cairo_surface_flush)(surface); }
void cairo_surface_destroy(cairo_surface_t *surface) { CAIRO(cairo_surface_destroy)(surface); }
cairo_status_t cairo_surface_write_to_png_stream(cairo_surface_t *surface, cairo_write_func_t write_function,
                                                 void *closure) {
    return CAIRO(cairo_surface_write_to_png_stream)(surface, write_function, closure);
}
cairo_t *cairo_create(cairo_surface_t *target) { return CAIRO(cairo_create)(target); }
void cairo_destroy(cairo_t *context) { CAIRO(cairo_destroy)(context); }
void cairo_scale(cairo_t *context, double sx, double sy) { CAIRO(cairo_scale)(context, sx, sy); }
void cairo_translate(cairo_t *context, double tx, double ty) { CAIRO(cairo_translate)(context, tx, ty); }
void cairo_set_source_rgb(cairo_t *context, double red, double green, double blue) {
    CAIRO(cairo_set_source_rgb)(context, red, green, blue);
}
void cairo_set_source_rgba(cairo_t *context, double red, double green, double blue, double alpha) {
    CAIRO(cairo_set_source_rgba)(context, red, green, blue, alpha);
}
void cairo_set_operator(cairo_t *context, cairo_operator_t op) { CAIRO(cairo_set_operator)(context, op); }
void cairo_rectangle(cairo_t *context, double x, double y, double width, double height) {
    CAIRO(cairo_rectangle)(context, x, y, width, height);
}
void cairo_fill(cairo_t *context) { CAIRO(cairo_fill)(context); }
void cairo_paint(cairo_t *context) { CAIRO(cairo_paint)(context); }
