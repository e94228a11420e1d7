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
IF USER_ID(N'breehavior_bot') IS NULL CREATE USER [breehavior_bot] FOR LOGIN [breehavior_bot];
GO
ALTER ROLE db_owner ADD MEMBER [breehavior_bot];
GO
