/**
 * Everything a person reads that core writes (file warnings, the export's status and method columns, the errors'
 * titles) comes from a message code with parameters, rendered from a catalogue kept as data
 * (assets/messages.ru.json: code → Russian text with `{name}` placeholders, and each code's parameters). The code
 * stays beside the text in what the API answers (`[CODE] text` in warnings), so another language can follow with
 * another catalogue of the same codes.
 *
 * @module
 */
import catalogue from '../../assets/messages.ru.json' with { type: 'json' };

/** A message: its stable code and the values its text names. */
export interface Message {
  readonly code: string;
  readonly params: Readonly<Record<string, string | number>>;
}

/** Catalogue keys of error details (`error.<CODE>`), read from the catalogue itself so a code without text does not compile. */
type ErrorKey<K> = K extends `error.${infer C}` ? C : never;

/** The code of an error's detail: its catalogue key without `error.` (e.g. `ARCHIVE_ENTRY_ENCRYPTED`). */
export type ErrorDetailCode = ErrorKey<keyof typeof catalogue.messages>;

/** What an error or a refused file says, as a code and parameters: the API's `message_code` and `params`. */
export interface ErrorDetail extends Message {
  readonly code: ErrorDetailCode;
}

/** An error's detail: `detail('ARCHIVE_ENTRY_ENCRYPTED', { path })`; its text is the catalogue's `error.<code>`. */
export function detail(code: ErrorDetailCode, params: Message['params'] = {}): ErrorDetail {
  return { code, params };
}

/** A catalogue of one language: text per code, and the parameters each code's text takes. */
export interface MessageCatalogue {
  readonly messages: Readonly<Record<string, string>>;
  readonly params: Readonly<Record<string, readonly string[]>>;
}

/** The Russian catalogue (the product's language). */
export const RUSSIAN_MESSAGES: MessageCatalogue = { messages: catalogue.messages, params: catalogue.params };

/**
 * The text of a message: the catalogue's text with each `{name}` replaced by its parameter. An unknown code gives
 * the code itself (a gap is visible, never a crash); a missing parameter leaves its placeholder.
 */
export function renderMessage(code: string, params: Message['params'] = {}, messages: MessageCatalogue = RUSSIAN_MESSAGES): string {
  const text = messages.messages[code];
  if (text === undefined) return code;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (params[name] === undefined ? placeholder : String(params[name])));
}

/**
 * Problems of a catalogue, as sentences (empty when it is sound): a required code without text, a text naming a
 * parameter its code does not declare, a declared parameter its text never names.
 */
export function catalogueProblems(messages: MessageCatalogue, requiredCodes: readonly string[]): string[] {
  const problems: string[] = [];
  for (const code of requiredCodes) {
    if (typeof messages.messages[code] !== 'string' || messages.messages[code]!.trim() === '') problems.push(`${code}: no text`);
  }
  for (const [code, text] of Object.entries(messages.messages)) {
    const named = new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
    const declared = new Set(messages.params[code] ?? []);
    for (const name of named) if (!declared.has(name)) problems.push(`${code}: text names {${name}}, not declared in params`);
    for (const name of declared) if (!named.has(name)) problems.push(`${code}: param ${name} is declared but not in the text`);
  }
  for (const code of Object.keys(messages.params)) if (!(code in messages.messages)) problems.push(`${code}: params without text`);
  return problems;
}

/** The code of a warning written by {@link warningText} (`[CODE] text` → `CODE`), or null for another text. */
export function warningCode(warning: string): string | null {
  return /^\[([A-Z0-9_]+)\] /.exec(warning)?.[1] ?? null;
}

/** A warning as files' reports carry it: `[CODE] text`, so programs read the code and people the text. */
export function warningText(code: string, params: Message['params']): string {
  return `[${code}] ${renderMessage(`warning.${code}`, params)}`;
}
