import { describe, expect, it } from 'vitest';
import { createKeptDocuments } from './kept-documents';

const startOf = (bytes: number) => ({ deflated: Buffer.alloc(bytes), crc: 0, length: bytes * 4, firstPart: bytes });

describe('kept documents', () => {
  it('answers what was kept under a key, and nothing under another', () => {
    const documents = createKeptDocuments(100, 1_000);
    const start = startOf(10);
    documents.set('a', start, 0);
    expect(documents.get('a', 10)).toBe(start);
    expect(documents.get('b', 10)).toBeUndefined();
  });

  it('stays within its budget, dropping the document sent least recently first', () => {
    const documents = createKeptDocuments(30, 1_000);
    const [a, b, c] = [startOf(10), startOf(10), startOf(15)];
    documents.set('a', a, 0);
    documents.set('b', b, 0);
    documents.get('a', 1);
    documents.set('c', c, 2);
    expect(documents.get('b', 3)).toBeUndefined();
    expect(documents.get('a', 3)).toBe(a);
    expect(documents.get('c', 3)).toBe(c);
    expect(documents.size).toBeLessThanOrEqual(30);
  });

  it('makes again a document older than its longest life, and never keeps one larger than the budget', () => {
    const documents = createKeptDocuments(30, 1_000);
    documents.set('old', startOf(1), 0);
    expect(documents.get('old', 1_000)).toBeUndefined();
    documents.set('huge', startOf(31), 0);
    expect(documents.get('huge', 1)).toBeUndefined();
    expect(documents.size).toBe(0);
  });
});
