/* Print the text of every page of a PDF as poppler-glib sees it
 * (poppler_page_get_text, the call ManualKit uses), so that
 * build_facts.py can verify the fixture facts in that mode too.
 *
 * Output per page: the page label, the byte 0x1E, the page text, the byte 0x0C.
 * Usage: glibtext FILE.pdf [PASSWORD]      exit 1 if the document cannot be opened
 * Build: cc glibtext.c -o glibtext $(pkg-config --cflags --libs poppler-glib)
 */
#include <poppler.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: glibtext FILE.pdf [PASSWORD]\n");
        return 2;
    }
    GError *err = NULL;
    gchar *uri = g_filename_to_uri(argv[1], NULL, &err);
    if (!uri) {
        fprintf(stderr, "glibtext: %s\n", err->message);
        return 1;
    }
    PopplerDocument *doc = poppler_document_new_from_file(uri, argc > 2 ? argv[2] : NULL, &err);
    if (!doc) {
        fprintf(stderr, "glibtext: %s\n", err->message);
        return 1;
    }
    int n = poppler_document_get_n_pages(doc);
    for (int i = 0; i < n; i++) {
        PopplerPage *page = poppler_document_get_page(doc, i);
        gchar *label = poppler_page_get_label(page);
        gchar *text = poppler_page_get_text(page);
        printf("%s\x1e%s\x0c", label ? label : "", text ? text : "");
        g_free(label);
        g_free(text);
        g_object_unref(page);
    }
    g_object_unref(doc);
    return 0;
}
