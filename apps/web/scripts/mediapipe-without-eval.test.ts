// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, test, vi } from 'vitest';
import {
  INVOKER_FUNCTION,
  METHOD_CALLER,
  NAMED_FUNCTION,
  withoutEval,
} from './mediapipe-without-eval';

const faceMesh = path.dirname(
  createRequire(import.meta.url).resolve('@mediapipe/face_mesh/package.json'),
);

describe('withoutEval', () => {
  test.each(['face_mesh_solution_simd_wasm_bin.js', 'face_mesh_solution_wasm_bin.js'])(
    '%s is served without code generation and still parses',
    (name) => {
      const original = readFileSync(path.join(faceMesh, name));
      expect(original.toString()).toContain('new Function');
      const patched = withoutEval(name, original).toString();
      expect(patched).not.toMatch(/new Function|new_\(Function/);
      expect(() => new vm.Script(patched)).not.toThrow();
    },
  );

  test('files without code generation, and other types, are left as they are', () => {
    const script = Buffer.from('var a = 1;');
    expect(withoutEval('x.js', script)).toBe(script);
    const wasm = Buffer.from('new Function');
    expect(withoutEval('x.wasm', wasm)).toBe(wasm);
  });

  test('an unknown shape of code generation fails the build', () => {
    expect(() => withoutEval('x.js', Buffer.from('var f = new Function("return 1");'))).toThrow(
      /x\.js/,
    );
  });
});

/** The eval-free helpers in a sandbox with embind's surroundings stubbed. */
function sandbox() {
  const context = vm.createContext({
    makeLegalFunctionName: (name: string) => name.replace(/[^a-zA-Z0-9_]/g, '$'),
    throwBindingError: (message: string) => {
      throw new Error(message);
    },
    runDestructors: vi.fn((list: (() => void)[]) => list.forEach((d) => d())),
  });
  vm.runInContext(`${NAMED_FUNCTION}\n${INVOKER_FUNCTION}`, context);
  return context as unknown as {
    createNamedFunction: (
      name: string,
      body: (...a: never[]) => unknown,
    ) => ((...a: unknown[]) => unknown) & { name: string };
    craftInvokerFunction: (
      name: string,
      argTypes: unknown[],
      classType: unknown,
      invoker: (...a: never[]) => unknown,
      target: unknown,
    ) => (...a: unknown[]) => unknown;
    runDestructors: ReturnType<typeof vi.fn>;
  };
}

describe('the eval-free embind helpers do what the generated code did', () => {
  test('a named function calls its body with its this and arguments, and constructs', () => {
    const { createNamedFunction } = sandbox();
    const f = createNamedFunction('Bad Name', function (this: { x?: number }, a: unknown) {
      this.x = a as number;
      return undefined;
    });
    expect(f.name).toBe('Bad$Name');
    const made = new (f as unknown as new (a: number) => { x: number })(7);
    expect(made.x).toBe(7);
  });

  test('an invoker wires its arguments, calls C++, frees them and unwires the result', () => {
    const { craftInvokerFunction } = sandbox();
    const freed: unknown[] = [];
    const int = (scale: number) => ({
      name: 'int',
      toWireType: (_d: unknown, v: number) => v + 1,
      fromWireType: (v: number) => v * scale,
      destructorFunction: (v: unknown) => freed.push(v),
    });
    const invoker = vi.fn((fn: (a: number, b: number) => number, a: number, b: number) => fn(a, b));
    const add = craftInvokerFunction(
      'add',
      [int(10), null, int(1), int(1)],
      null,
      invoker,
      (a: number, b: number) => a + b,
    );
    expect(add(2, 3)).toBe(70);
    expect(freed).toEqual([3, 4]);
    expect(() => add(1)).toThrow('function add called with 1 arguments, expected 2 args!');
  });

  test('a class method wires `this`; arguments without a destructor use the stack', () => {
    const { craftInvokerFunction, runDestructors } = sandbox();
    const self = {
      name: 'Self*',
      toWireType: (_d: unknown, v: { ptr: number }) => v.ptr,
      destructorFunction: null,
    };
    const text = {
      name: 'std::string',
      toWireType: (d: (() => void)[], v: string) => {
        d.push(() => undefined);
        return v.length;
      },
    };
    const ret = { name: 'int', fromWireType: (v: number) => v };
    const method = craftInvokerFunction(
      'Self.size',
      [ret, self, text],
      {},
      (fn: (t: number, n: number) => number, t: number, n: number) => fn(t, n),
      (t: number, n: number) => t * 100 + n,
    );
    expect(method.call({ ptr: 4 }, 'abc')).toBe(403);
    expect(runDestructors).toHaveBeenCalledTimes(1);
  });

  test('a method caller reads the arguments, calls the JavaScript method, returns its value', () => {
    const heap = [5, 6];
    const argType = { readValueFromPointer: (p: number) => heap[p], argPackAdvance: 1 };
    const context = vm.createContext({
      argCount: 3,
      types: [{ isVoid: false, toWireType: (_d: unknown, v: number) => v * 2 }, argType, argType],
      retType: { isVoid: false, toWireType: (_d: unknown, v: number) => v * 2 },
    });
    vm.runInContext(METHOD_CALLER, context);
    const call = (
      context as unknown as {
        invokerFunction: (h: object, name: string, d: unknown[], args: number) => unknown;
      }
    ).invokerFunction;
    const target = { sum: (a: number, b: number) => a + b };
    expect(call(target, 'sum', [], 0)).toBe(22);
  });
});
