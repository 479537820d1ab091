import { describe, expect, it } from 'vitest';
import { DatabaseCircuit, CIRCUIT_OPEN_MESSAGE } from './circuit';
import { DatabaseUnavailableError } from './errors';

const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const statementTimeout = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
const syntaxError = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });

function circuitAt(start = 10_000) {
  let now = start;
  const circuit = new DatabaseCircuit(1000, () => now);
  return { circuit, later: (ms: number) => (now += ms) };
}

describe('the database circuit', () => {
  it('lets every connection through while the database answers', () => {
    const { circuit } = circuitAt();
    expect(circuit.refusal()).toBeUndefined();
    expect(circuit.refusal()).toBeUndefined();
    expect(circuit.open).toBe(false);
  });

  it('refuses at once, as unavailable, once a connection found the database out of reach', () => {
    const { circuit } = circuitAt();
    circuit.failed(unreachable);
    expect(circuit.open).toBe(true);
    const refusal = circuit.refusal();
    expect(refusal).toBeInstanceOf(DatabaseUnavailableError);
    expect(refusal?.message).toBe(CIRCUIT_OPEN_MESSAGE);
  });

  it('lets one trial through each second while open, and closes on any answer', () => {
    const { circuit, later } = circuitAt();
    circuit.failed(unreachable);
    later(999);
    expect(circuit.refusal()).toBeDefined();
    later(1);
    expect(circuit.refusal()).toBeUndefined();
    expect(circuit.refusal()).toBeDefined();
    circuit.answered();
    expect(circuit.open).toBe(false);
    expect(circuit.refusal()).toBeUndefined();
  });

  it('a failed trial waits another second before the next', () => {
    const { circuit, later } = circuitAt();
    circuit.failed(unreachable);
    later(1000);
    expect(circuit.refusal()).toBeUndefined();
    later(3000);
    circuit.failed(unreachable);
    later(500);
    expect(circuit.refusal()).toBeDefined();
  });

  it('stays closed for failures from a database that answers: a statement it cancelled, a mistake in SQL', () => {
    const { circuit } = circuitAt();
    circuit.failed(statementTimeout);
    circuit.failed(syntaxError);
    circuit.failed(new DatabaseUnavailableError('wrapped', { cause: statementTimeout }));
    expect(circuit.open).toBe(false);
    expect(circuit.refusal()).toBeUndefined();
  });
});
