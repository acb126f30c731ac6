// libpq, loaded when the first PostgreSQL library is opened rather than when `manual` starts.
//
// Linked the ordinary way, libpq and what it brings (OpenSSL, Kerberos, LDAP) would be loaded and
// relocated before `main` of every `manual query`, which for an SQLite library never calls it; the
// poppler libraries are deferred for the same reason (CDeferredLibraries). Unlike those, a missing libpq
// is not fatal: `manual_pq_load` reports it and the store turns it into one line and an exit code.
// The prototypes are libpq's (libpq-fe.h) with its opaque types, so building needs no libpq-dev.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "manual_postgres.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle;
static char failure[512];

typedef void (*NoticeProcessor)(void *arg, const char *message);

static struct {
    PGconn *(*PQconnectdb)(const char *);
    int (*PQstatus)(const PGconn *);
    char *(*PQerrorMessage)(const PGconn *);
    void (*PQfinish)(PGconn *);
    NoticeProcessor (*PQsetNoticeProcessor)(PGconn *, NoticeProcessor, void *);
    PGresult *(*PQexec)(PGconn *, const char *);
    PGresult *(*PQexecParams)(PGconn *, const char *, int, const unsigned int *, const char *const *, const int *,
                              const int *, int);
    PGresult *(*PQprepare)(PGconn *, const char *, const char *, int, const unsigned int *);
    PGresult *(*PQexecPrepared)(PGconn *, const char *, int, const char *const *, const int *, const int *, int);
    int (*PQresultStatus)(const PGresult *);
    char *(*PQresultErrorField)(const PGresult *, int);
    char *(*PQresultErrorMessage)(const PGresult *);
    int (*PQntuples)(const PGresult *);
    int (*PQnfields)(const PGresult *);
    char *(*PQgetvalue)(const PGresult *, int, int);
    int (*PQgetlength)(const PGresult *, int, int);
    int (*PQgetisnull)(const PGresult *, int, int);
    char *(*PQcmdTuples)(PGresult *);
    void (*PQclear)(PGresult *);
    int (*PQtransactionStatus)(const PGconn *);
    int (*PQputCopyData)(PGconn *, const char *, int);
    int (*PQputCopyEnd)(PGconn *, const char *);
    PGresult *(*PQgetResult)(PGconn *);
    int (*PQsendQuery)(PGconn *, const char *);
} pq;

#define FIND(name) \
    if ((pq.name = (__typeof__(pq.name))dlsym(handle, #name)) == NULL) { \
        snprintf(failure, sizeof failure, "libpq.so.5 has no %s", #name); \
        handle = NULL; \
        return; \
    }

static void load(void) {
    // RTLD_LAZY: libpq and its twenty libraries bind a function when it is first called rather than all of
    // them here (half a millisecond of a question's start); the functions `manual` calls are looked up below,
    // so a libpq without one still fails here, with its name.
    handle = dlopen("libpq.so.5", RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *message = dlerror();
        snprintf(failure, sizeof failure, "%s", message ? message : "libpq.so.5 cannot be loaded");
        return;
    }
    FIND(PQconnectdb) FIND(PQstatus) FIND(PQerrorMessage) FIND(PQfinish) FIND(PQsetNoticeProcessor) FIND(PQexec)
    FIND(PQexecParams) FIND(PQprepare) FIND(PQexecPrepared) FIND(PQresultStatus) FIND(PQresultErrorField)
    FIND(PQresultErrorMessage) FIND(PQntuples) FIND(PQnfields) FIND(PQgetvalue) FIND(PQgetlength)
    FIND(PQgetisnull) FIND(PQcmdTuples) FIND(PQclear) FIND(PQtransactionStatus)
    FIND(PQputCopyData) FIND(PQputCopyEnd) FIND(PQgetResult) FIND(PQsendQuery)
}

int manual_pq_load(void) {
    pthread_once(&once, load);
    return handle != NULL;
}

const char *manual_pq_failure(void) { return failure; }

static void ignore_notice(void *arg, const char *message) { (void)arg; (void)message; }

PGconn *manual_PQconnectdb(const char *conninfo) { return pq.PQconnectdb(conninfo); }
int manual_PQstatus(const PGconn *conn) { return pq.PQstatus(conn); }
const char *manual_PQerrorMessage(const PGconn *conn) { return pq.PQerrorMessage(conn); }
void manual_PQfinish(PGconn *conn) { pq.PQfinish(conn); }
void manual_PQquiet(PGconn *conn) { pq.PQsetNoticeProcessor(conn, ignore_notice, NULL); }
PGresult *manual_PQexec(PGconn *conn, const char *command) { return pq.PQexec(conn, command); }
PGresult *manual_PQexecParams(PGconn *conn, const char *command, int nParams, const char *const *paramValues,
                              const int *paramLengths, const int *paramFormats, int resultFormat) {
    return pq.PQexecParams(conn, command, nParams, NULL, paramValues, paramLengths, paramFormats, resultFormat);
}
PGresult *manual_PQprepare(PGconn *conn, const char *stmtName, const char *query, int nParams) {
    return pq.PQprepare(conn, stmtName, query, nParams, NULL);
}
PGresult *manual_PQexecPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
                                const int *paramLengths, const int *paramFormats, int resultFormat) {
    return pq.PQexecPrepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat);
}
int manual_PQresultStatus(const PGresult *res) { return pq.PQresultStatus(res); }
const char *manual_PQresultErrorField(const PGresult *res, int fieldcode) { return pq.PQresultErrorField(res, fieldcode); }
const char *manual_PQresultErrorMessage(const PGresult *res) { return pq.PQresultErrorMessage(res); }
int manual_PQntuples(const PGresult *res) { return pq.PQntuples(res); }
int manual_PQnfields(const PGresult *res) { return pq.PQnfields(res); }
char *manual_PQgetvalue(const PGresult *res, int row, int column) { return pq.PQgetvalue(res, row, column); }
int manual_PQgetlength(const PGresult *res, int row, int column) { return pq.PQgetlength(res, row, column); }
int manual_PQgetisnull(const PGresult *res, int row, int column) { return pq.PQgetisnull(res, row, column); }
char *manual_PQcmdTuples(PGresult *res) { return pq.PQcmdTuples(res); }
void manual_PQclear(PGresult *res) { pq.PQclear(res); }
int manual_PQtransactionStatus(const PGconn *conn) { return pq.PQtransactionStatus(conn); }
int manual_PQputCopyData(PGconn *conn, const char *buffer, int nbytes) { return pq.PQputCopyData(conn, buffer, nbytes); }
int manual_PQputCopyEnd(PGconn *conn, const char *errormsg) { return pq.PQputCopyEnd(conn, errormsg); }
PGresult *manual_PQgetResult(PGconn *conn) { return pq.PQgetResult(conn); }
int manual_PQsendQuery(PGconn *conn, const char *command) { return pq.PQsendQuery(conn, command); }
