export { RUSSIAN_MESSAGES, detail, type ErrorDetail, type ErrorDetailCode, catalogueProblems, renderMessage, warningCode, warningText, type Message, type MessageCatalogue } from './message-catalogue.js';
export { MESSAGE_CODES, READER_WARNING_CODES, type ReaderWarningCode } from './message-codes.js';
