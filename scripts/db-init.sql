-- Run by the compose file's db-init service as sa (sqlcmd, `-i`), on every `docker compose up`.
-- $(MSSQL_DATABASE) and $(BOT_DB_PASSWORD) are sqlcmd scripting variables read from the
-- environment, so the password is never on a command line. Idempotent: a second run changes
-- nothing but the login's password, which follows BOT_DB_PASSWORD.
IF DB_ID(N'$(MSSQL_DATABASE)') IS NULL CREATE DATABASE [$(MSSQL_DATABASE)];
GO
IF SUSER_ID(N'breehavior_bot') IS NULL
    CREATE LOGIN [breehavior_bot] WITH PASSWORD = N'$(BOT_DB_PASSWORD)';
ELSE
    EXEC (N'ALTER LOGIN [breehavior_bot] WITH PASSWORD = N''$(BOT_DB_PASSWORD)''');
GO
USE [$(MSSQL_DATABASE)];
GO
-- SQL Server: a user of the login in this database, member of db_owner. Babelfish for PostgreSQL has no
-- ALTER ROLE ... ADD MEMBER: there the login becomes the database's owner (a user of that login would block it).
-- Each branch runs through EXEC so that neither engine is given a statement it cannot even parse.
IF CAST(SERVERPROPERTY('Babelfish') AS int) = 1
BEGIN
    IF USER_ID(N'breehavior_bot') IS NOT NULL EXEC (N'DROP USER [breehavior_bot]');
    EXEC (N'ALTER AUTHORIZATION ON DATABASE::[$(MSSQL_DATABASE)] TO [breehavior_bot]');
END
ELSE
BEGIN
    IF USER_ID(N'breehavior_bot') IS NULL EXEC (N'CREATE USER [breehavior_bot] FOR LOGIN [breehavior_bot]');
    EXEC (N'ALTER ROLE db_owner ADD MEMBER [breehavior_bot]');
END
GO
