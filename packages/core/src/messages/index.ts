export { RUSSIAN_MESSAGES, catalogueProblems, renderMessage, type Message, type MessageCatalogue } from './message-catalogue.js';
export { MESSAGE_CODES } from './message-codes.js';
