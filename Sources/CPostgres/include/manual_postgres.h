#ifndef MANUAL_POSTGRES_H
#define MANUAL_POSTGRES_H

/// libpq, the PostgreSQL project's client library, opened on first use (postgres.c says why). The
/// types are opaque and only the functions the PostgreSQL store calls are declared, with libpq's own
/// signatures, so `manual` builds without libpq's headers and an SQLite library never loads it.

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

/// 1 when libpq could be loaded (once per process); else 0, and `manual_pq_failure` says why.
int manual_pq_load(void);
/// The loader's message when `manual_pq_load` failed.
const char *manual_pq_failure(void);

PGconn *manual_PQconnectdb(const char *conninfo);
int manual_PQstatus(const PGconn *conn);
const char *manual_PQerrorMessage(const PGconn *conn);
void manual_PQfinish(PGconn *conn);
/// Silences the server's notices ("there is no transaction in progress"), which libpq prints on stderr.
void manual_PQquiet(PGconn *conn);
PGresult *manual_PQexec(PGconn *conn, const char *command);
PGresult *manual_PQexecParams(PGconn *conn, const char *command, int nParams, const char *const *paramValues,
                              const int *paramLengths, const int *paramFormats, int resultFormat);
PGresult *manual_PQprepare(PGconn *conn, const char *stmtName, const char *query, int nParams);
PGresult *manual_PQexecPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
                                const int *paramLengths, const int *paramFormats, int resultFormat);
int manual_PQresultStatus(const PGresult *res);
const char *manual_PQresultErrorField(const PGresult *res, int fieldcode);
const char *manual_PQresultErrorMessage(const PGresult *res);
int manual_PQntuples(const PGresult *res);
int manual_PQnfields(const PGresult *res);
char *manual_PQgetvalue(const PGresult *res, int row, int column);
int manual_PQgetlength(const PGresult *res, int row, int column);
int manual_PQgetisnull(const PGresult *res, int row, int column);
char *manual_PQcmdTuples(PGresult *res);
void manual_PQclear(PGresult *res);
int manual_PQtransactionStatus(const PGconn *conn);
/// COPY … FROM STDIN: the data in pieces (1 when sent, -1 on failure), its end, then the command's results
/// (NULL after the last).
int manual_PQputCopyData(PGconn *conn, const char *buffer, int nbytes);
int manual_PQputCopyEnd(PGconn *conn, const char *errormsg);
PGresult *manual_PQgetResult(PGconn *conn);
/// Sends a command without waiting for its result (1 when sent); its results are then read with
/// `manual_PQgetResult` before the connection takes another command.
int manual_PQsendQuery(PGconn *conn, const char *command);

#endif
