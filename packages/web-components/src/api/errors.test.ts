import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/messages.js';
import { errorFromAnswer } from './errors.js';

describe('api: errors the server answers', () => {
  it('shows the server’s catalogued Russian message itself, with its code and parameters, and nothing to fold away', () => {
    const body = {
      error: {
        code: 'NOT_FOUND',
        message: 'Нет услуги с идентификатором «s-1»; найдите нужную услугу через поиск (/services).',
        message_code: 'SERVICE_NOT_FOUND',
        params: { id: 's-1' },
      },
    };
    const error = errorFromAnswer(404, JSON.stringify(body));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: body.error.message, messageCode: 'SERVICE_NOT_FOUND', params: { id: 's-1' } });
    expect(error.detail).toBeUndefined();
  });

  it('keeps a message without a catalogue code under «Подробности», behind the Russian text of its error code', () => {
    const error = errorFromAnswer(409, JSON.stringify({ error: { code: 'CONFLICT', message: 'The position was decided already.' } }));
    expect(error.message).toBe(messages.errors.CONFLICT);
    expect(error.detail).toBe('The position was decided already.');
    expect(error.messageCode).toBeUndefined();
  });
});
