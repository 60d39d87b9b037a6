import type * as TS from 'typescript';

/* eslint-disable @typescript-eslint/no-explicit-any -- the native API's objects, adapted to 6's shapes here */
export type NSymbol = any;
export type NType = any;
export type NHandle = { path: string; kind: number; resolve(project?: unknown): TS.Node | undefined };

/** What the views need of the checker that made them (NativeChecker). */
export interface ViewHost {
  view(native: NSymbol | undefined): TS.Symbol | undefined;
  resolve(handle: NHandle | undefined): TS.Node | undefined;
  requireOf(decl: TS.Node): RequireBinding | undefined;
  nativeCall<T>(request: () => T): T;
  getPropertyOfType(t: TS.Type, name: string): TS.Symbol | undefined;
}

/** A JavaScript binding of `require('specifier')`, of its export `name` (read as `.member`, or destructured). */
export interface RequireBinding {
  specifier: TS.Node;
  name?: string;
  member?: TS.Node;
}

/** SymbolFlags.Alias and Variable (FunctionScopedVariable | BlockScopedVariable), 7's values (the same as 6's). */
export const ALIAS = 0x200000;
export const VARIABLE = 0x1 | 0x2;

/** What 6's checker answers for an alias that leads nowhere: a symbol with no declarations. */
export const UNKNOWN_SYMBOL = { name: 'unknown', escapedName: 'unknown', flags: 0, declarations: [] } as unknown as TS.Symbol;

/** A symbol of the native checker as 6's `Symbol` (what the passes read of one). */
export class SymbolView {
  readonly name: string;
  readonly escapedName: string;
  private decls: TS.Node[] | undefined;
  private value: TS.Node | undefined | null;
  private ownFlags: number | undefined;
  private required: RequireBinding | undefined | null;

  constructor(
    readonly native: NSymbol,
    private readonly checker: ViewHost,
  ) {
    this.name = native.name;
    this.escapedName = native.escapedName;
  }

  /** 7's flags; a JavaScript `require` binding is an alias, as 6's binder makes it (see NativeChecker.requiredSymbol). */
  get flags(): number {
    if (this.ownFlags === undefined) this.ownFlags = this.requireTarget() ? ALIAS : this.native.flags;
    return this.ownFlags!;
  }

  requireTarget(): RequireBinding | undefined {
    if (this.required === undefined) {
      const variable = (this.native.flags & VARIABLE) !== 0 && (this.native.flags & ALIAS) === 0 && this.native.declarations.length === 1 && /\.[cm]?jsx?$/.test(this.native.declarations[0].path);
      this.required = (variable && this.checker.requireOf(this.declarations[0])) || null;
    }
    return this.required ?? undefined;
  }

  get declarations(): TS.Node[] {
    return (this.decls ??= (this.native.declarations as NHandle[]).map((h) => this.checker.resolve(h)).filter((d): d is TS.Node => !!d));
  }

  get valueDeclaration(): TS.Node | undefined {
    if (this.value === undefined) this.value = this.checker.resolve(this.native.valueDeclaration) ?? null;
    return this.value ?? undefined;
  }

  getName(): string {
    return this.name;
  }

  getFlags(): number {
    return this.flags;
  }
}

/** A type of the native checker as 6's `Type` (what the passes read of one). */
export class TypeView {
  constructor(
    readonly native: NType,
    private readonly checker: ViewHost,
  ) {}

  get flags(): number {
    return this.native.flags;
  }

  getSymbol(): TS.Symbol | undefined {
    return this.checker.view(this.checker.nativeCall(() => this.native.getSymbol()));
  }

  get symbol(): TS.Symbol | undefined {
    return this.getSymbol();
  }

  get aliasSymbol(): TS.Symbol | undefined {
    return this.checker.view(this.checker.nativeCall(() => this.native.getAliasSymbol()));
  }

  getProperty(name: string): TS.Symbol | undefined {
    return this.checker.getPropertyOfType(this as unknown as TS.Type, name);
  }

  isClassOrInterface(): boolean {
    return this.native.isClassOrInterface();
  }
}

/** What a checker answers for a node it has no type of (6 gives an error type). */
export const EMPTY_TYPE = {
  native: undefined,
  flags: 0,
  getSymbol: () => undefined,
  symbol: undefined,
  aliasSymbol: undefined,
  getProperty: () => undefined,
  isClassOrInterface: () => false,
};

const stubs = new Map<string, TS.SourceFile>();

/**
 * A standard-library declaration, without fetching its file's tree (lib.dom.d.ts alone is megabytes):
 * its kind, and a source file that says only its name. The passes ask no more of a library
 * declaration than where it is (`NodeLocator` skips the standard library by file).
 */
export function libraryStub(handle: NHandle, ts: typeof TS): TS.Node {
  let sf = stubs.get(handle.path);
  if (!sf) {
    sf = { fileName: handle.path, isDeclarationFile: true, kind: ts.SyntaxKind.SourceFile, flags: 0, text: '' } as unknown as TS.SourceFile;
    (sf as { getSourceFile?: () => TS.SourceFile }).getSourceFile = () => sf!;
    stubs.set(handle.path, sf);
  }
  const file = sf;
  return { kind: handle.kind, flags: 0, parent: file, pos: -1, end: -1, libraryStub: true, getSourceFile: () => file } as unknown as TS.Node;
}

export function isLibraryStub(node: TS.Node): boolean {
  return (node as { libraryStub?: boolean }).libraryStub === true;
}
