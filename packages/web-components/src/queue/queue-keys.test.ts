import { describe, expect, it } from 'vitest';
import { queueKeyAction } from './queue-keys.js';

const key = (key: string, code = '', modifiers: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({
  key, code, ctrlKey: false, metaKey: false, altKey: false, ...modifiers,
});

describe('queueKeyAction', () => {
  it('maps Enter / 1 to confirm, В / 2 to another service, Space / 3 to skip', () => {
    expect(queueKeyAction(key('Enter'), false)).toBe('confirm');
    expect(queueKeyAction(key('1'), false)).toBe('confirm');
    expect(queueKeyAction(key('В', 'KeyD'), false)).toBe('choose');
    expect(queueKeyAction(key('2'), false)).toBe('choose');
    expect(queueKeyAction(key(' ', 'Space'), false)).toBe('skip');
    expect(queueKeyAction(key('3'), false)).toBe('skip');
  });

  it('finds «В» on the Latin layout by its physical key', () => {
    expect(queueKeyAction(key('d', 'KeyD'), false)).toBe('choose');
  });

  it('leaves Enter and Space to a focused button, but digits still work there', () => {
    expect(queueKeyAction(key('Enter'), true)).toBeUndefined();
    expect(queueKeyAction(key(' '), true)).toBeUndefined();
    expect(queueKeyAction(key('3'), true)).toBe('skip');
  });

  it('undoes with Ctrl+Z in either layout and ignores other modified keys', () => {
    expect(queueKeyAction(key('z', 'KeyZ', { ctrlKey: true }), false)).toBe('undo');
    expect(queueKeyAction(key('я', 'KeyZ', { ctrlKey: true }), false)).toBe('undo');
    expect(queueKeyAction(key('1', 'Digit1', { ctrlKey: true }), false)).toBeUndefined();
    expect(queueKeyAction(key('d', 'KeyD', { altKey: true }), false)).toBeUndefined();
  });
});
