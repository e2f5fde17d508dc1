/**
 * Command-line parsing of `pricecat` with `node:util` `parseArgs` (no CLI framework): turns argv and
 * the environment into one {@link CliCommand}, or throws {@link UsageError}.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { detail, renderErrorDetail, type ErrorDetail } from '@pricecat/core';

/** What the user asked for. */
export type CliCommand =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'serve';
      readonly port: number;
      readonly host: string;
      readonly dataDir: string;
      readonly dictionary: string | undefined;
      readonly databaseUrl: string | undefined;
    }
  | {
      readonly kind: 'ingest';
      readonly file: string;
      readonly dataDir: string;
      readonly dictionary: string | undefined;
      readonly databaseUrl: string | undefined;
    }
  | { readonly kind: 'migrate-store'; readonly dataDir: string; readonly databaseUrl: string }
  | { readonly kind: 'refit'; readonly dataDir: string; readonly databaseUrl: string | undefined; readonly write: boolean; readonly force: boolean };

/** A mistake in the command line; the CLI prints its message and the usage, and exits 2. */
export class UsageError extends Error {
  constructor(message: string | ErrorDetail) {
    super(typeof message === 'string' ? message : renderErrorDetail(message));
    this.name = 'UsageError';
  }
}

/** Defaults of `serve` when neither a flag nor the environment gives a value. */
export const CLI_DEFAULTS = { port: 8080, host: '127.0.0.1', dataDir: './data' } as const;

/** The text of `pricecat --help`. */
export const USAGE = `pricecat: прайс-листы клиник — в один каталог с поиском и сравнением цен

Использование:
  pricecat serve [--port N] [--host H] [--data-dir D] [--database-url URL] [--dictionary FILE]
      Запустить HTTP API (под /api) с интерактивной документацией на /api/docs.
      --port N           порт (переменная PORT, по умолчанию ${CLI_DEFAULTS.port})
      --host H           интерфейс (переменная HOST, по умолчанию ${CLI_DEFAULTS.host})
      --data-dir D       папка данных (catalogue.json, lists/) (переменная DATA_DIR, по умолчанию ${CLI_DEFAULTS.dataDir})
      --database-url URL хранить данные в PostgreSQL (переменная DATABASE_URL), например
                         postgresql://pricecat:secret@db:5432/pricecat; её могут делить несколько серверов
      --dictionary FILE  справочник услуг (XLSX, CSV или JSON), который добавить в хранилище; без него
                         в пустое хранилище загружается встроенный справочник

      Безопасность (переменные окружения; см. README, «Security settings»):
      PRICECAT_TOKEN / PRICECAT_TOKENS_FILE   токен(ы) API для изменений (файл: строки «имя токен»)
      PRICECAT_AUTH=all                        требовать токен и для чтения (по умолчанию: только для изменений)
      PRICECAT_ALLOWED_HOSTS / _ORIGINS        дополнительные имена сервера / источники страниц (через запятую)
      PRICECAT_WATCH_ROOTS                     где могут быть папки для просмотра (по умолчанию <папка данных>/inbox)
      PRICECAT_ALLOW_INSECURE=1                разрешить --host не на loopback без токена

  pricecat ingest <zip|file> [--data-dir D] [--database-url URL] [--dictionary FILE]
      Загрузить ZIP с прайс-листами или один файл прайс-листа в то же хранилище и напечатать отчёт.
      Завершается с кодом 1, если не загрузился ни один файл.

  pricecat migrate-store [--data-dir D] --database-url URL
      Скопировать встроенное хранилище папки D (catalogue.json, lists/) в пустую базу PostgreSQL; папка
      остаётся как была. Базу, в которой уже есть данные, не принимает.

  pricecat refit [--data-dir D] [--database-url URL] [--write [--force]]
      Заново обучить модель ранжирования на встроенных обучающих строках и всех строках, решённых
      аналитиками, и напечатать показатели до и после (вне обучающей выборки, по клиникам). --write
      сохраняет модель в D/ranker.json, если её точность вне выборки не ниже 97 % (--force: при любой);
      сервер использует её со следующего запуска. Сначала остановите сервер, работающий с той же папкой.

  pricecat --help
      Показать этот текст.
`;

/** Parses `argv` (without `node` and the script) using `env` for defaults. */
export function parseCommandLine(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return { kind: 'help' };
  if (command === 'serve') return parseServe(rest, env);
  if (command === 'ingest') return parseIngest(rest, env);
  if (command === 'migrate-store') return parseMigrateStore(rest, env);
  if (command === 'refit') return parseRefit(rest, env);
  throw new UsageError(detail('CLI_UNKNOWN_COMMAND', { command }));
}

// ---- internal helpers ----

const SHARED_OPTIONS = {
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  dictionary: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseServe(args: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  const { values, positionals } = parse(args, {
    ...SHARED_OPTIONS,
    port: { type: 'string' },
    host: { type: 'string' },
  });
  if (values.help) return { kind: 'help' };
  if (positionals.length > 0) throw new UsageError(detail('CLI_TAKES_NO_FILE', { command: 'serve', got: positionals.join(' ') }));
  return {
    kind: 'serve',
    port: parsePort(values.port ?? env.PORT ?? String(CLI_DEFAULTS.port)),
    host: nonBlank(values.host ?? env.HOST) ?? CLI_DEFAULTS.host,
    dataDir: nonBlank(values['data-dir'] ?? env.DATA_DIR) ?? CLI_DEFAULTS.dataDir,
    dictionary: nonBlank(values.dictionary),
    databaseUrl: databaseUrlOf(values['database-url'], env),
  };
}

function parseIngest(args: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  const { values, positionals } = parse(args, SHARED_OPTIONS);
  if (values.help) return { kind: 'help' };
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError(detail('CLI_INGEST_NEEDS_FILE'));
  if (extra.length > 0) throw new UsageError(detail('CLI_INGEST_ONE_FILE', { count: positionals.length }));
  return {
    kind: 'ingest',
    file,
    dataDir: nonBlank(values['data-dir'] ?? env.DATA_DIR) ?? CLI_DEFAULTS.dataDir,
    dictionary: nonBlank(values.dictionary),
    databaseUrl: databaseUrlOf(values['database-url'], env),
  };
}

function parseMigrateStore(args: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  const { values, positionals } = parse(args, { 'data-dir': SHARED_OPTIONS['data-dir'], 'database-url': SHARED_OPTIONS['database-url'], help: SHARED_OPTIONS.help });
  if (values.help) return { kind: 'help' };
  if (positionals.length > 0) throw new UsageError(detail('CLI_TAKES_NO_FILE', { command: 'migrate-store', got: positionals.join(' ') }));
  const databaseUrl = databaseUrlOf(values['database-url'], env);
  if (databaseUrl === undefined) {
    throw new UsageError(detail('CLI_MIGRATE_NEEDS_DATABASE'));
  }
  return { kind: 'migrate-store', dataDir: nonBlank(values['data-dir'] ?? env.DATA_DIR) ?? CLI_DEFAULTS.dataDir, databaseUrl };
}

function parseRefit(args: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  const { values, positionals } = parse(args, {
    'data-dir': SHARED_OPTIONS['data-dir'],
    'database-url': SHARED_OPTIONS['database-url'],
    help: SHARED_OPTIONS.help,
    write: { type: 'boolean' },
    force: { type: 'boolean' },
  });
  if (values.help) return { kind: 'help' };
  if (positionals.length > 0) throw new UsageError(detail('CLI_TAKES_NO_FILE', { command: 'refit', got: positionals.join(' ') }));
  return {
    kind: 'refit',
    dataDir: nonBlank(values['data-dir'] ?? env.DATA_DIR) ?? CLI_DEFAULTS.dataDir,
    databaseUrl: databaseUrlOf(values['database-url'], env),
    write: values.write === true,
    force: values.force === true,
  };
}

/** The flag, else `DATABASE_URL`; a value that is not a postgres URL is a usage error, not a late connect failure. */
function databaseUrlOf(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const url = nonBlank(flag ?? env.DATABASE_URL);
  if (url !== undefined && !/^postgres(ql)?:\/\//i.test(url)) {
    throw new UsageError(detail('CLI_DATABASE_URL_INVALID', { got: url.replace(/:[^:@/]*@/, ':***@') }));
  }
  return url;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

function parse<T extends OptionSpec>(args: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs messages already name the option ("Unknown option '--prot'").
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function parsePort(text: string): number {
  const port = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(detail('CLI_PORT_INVALID', { got: text }));
  }
  return port;
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
