import { GraphEdge, GraphNode, isMemberKind, isRuntimeEdge, isTypeEdge, NodeKind } from '../../graph/GraphTypes';
import { isDispatchEdge } from '../../graph/dispatchEdge';
import { isDeclarationLink } from '../../graph/implementationTwin';
import { SymbolGraph } from '../../graph/SymbolGraph';

/**
 * THE traversal policy: which edges a query follows from which node. dependenciesOf and
 * pathsBetween use `forwardSteps`, dependentsOf uses `backwardSteps`; nothing else decides what
 * "depends on" means. The why of each rule is in ../TRAVERSAL.md.
 *
 * A traversal walks *states*, not bare nodes: how a node was reached changes what follows it.
 * `dispatch` marks a member reached through a call (forward: the call may land in any
 * implementation) or reached from an implementation (backward: callers of the interface method
 * reach this implementation). A node can be visited once per mode.
 */
export type StepMode = 'plain' | 'dispatch';

export interface TraversalState {
  id: string;
  mode: StepMode;
}

/** One move: `edge` is stored in its true direction even when the move walks it backwards. */
export interface Step {
  edge: GraphEdge;
  to: string;
  mode: StepMode;
}

export type StepFunction = (graph: SymbolGraph, state: TraversalState) => Step[];

/** What does this state's node depend on? (dependenciesOf: runtime questions stay runtime.) */
export const forwardSteps: StepFunction = (graph, state) => forwardStepsFrom(graph, state, 'runtime');

/**
 * pathsBetween's variant: code may also step along its type edges, so "how is processOrder
 * connected to Order?" finds `processOrder --TAKES--> Order`.
 */
export const forwardStepsWithTypes: StepFunction = (graph, state) => forwardStepsFrom(graph, state, 'all');

/**
 * pathsBetween's first search: code running code only (calls, references, renders, a class
 * extending a class, a member implementing or overriding a member, and dispatch down to the
 * implementations). No type edge, nothing from or into a type, no JavaScript-to-declaration link:
 * a path of these is a call chain. Only when none exists does pathsBetween look through types.
 */
export const callSteps: StepFunction = (graph, state) => forwardStepsFrom(graph, state, 'calls');

/**
 * Which scope a forward walk has: 'runtime' (dependenciesOf), 'all' (pathsBetween through types),
 * 'calls' (pathsBetween's call chains, see `callSteps`).
 */
type ForwardScope = 'runtime' | 'all' | 'calls';

/**
 * Which out-edges a node's dependencies follow. From code ('runtime'), the type edges
 * (TAKES, RETURNS, HAS_TYPE...) are left out: a function's parameter types are in its signature
 * already, and following them would bury the code it calls under every type it mentions.
 */
function followsForward(graph: SymbolGraph, cls: KindClass, edge: GraphEdge, scope: ForwardScope): boolean {
  if (scope === 'calls') return isCallStep(graph, cls, edge);
  // A JavaScript node's link to its own .d.ts declaration is no dependency of what it runs.
  if (scope === 'runtime' && isDeclarationLink(edge, graph)) return false;
  // Types have no runtime code of their own (an enum initializer's call is not the enum's dependency).
  if (cls === 'type') return !isRuntimeEdge(edge.type);
  if (cls === 'function-like' && scope === 'runtime') return !isTypeEdge(edge.type);
  return true;
}

/** A step of a call chain (`callSteps`): code to code, never through a type. */
function isCallStep(graph: SymbolGraph, cls: KindClass, edge: GraphEdge): boolean {
  if (cls === 'type' || isTypeEdge(edge.type) || isDeclarationLink(edge, graph)) return false;
  if (isRuntimeEdge(edge.type)) return true;
  // EXTENDS/IMPLEMENTS/OVERRIDES: only between code (a class's base class, a member's declaration), not into an interface or type.
  const target = graph.getNode(edge.to);
  return !target || kindClass(target.kind) !== 'type';
}

function forwardStepsFrom(graph: SymbolGraph, state: TraversalState, scope: ForwardScope): Step[] {
  const node = graph.getNode(state.id);
  // Library code is a leaf: the graph has no edges inside node_modules worth following.
  if (!node || node.external) return [];
  // One pass, no intermediate lists: traversals call this for each of up to 1,000 nodes.
  const cls = kindClass(node.kind);
  const steps: Step[] = [];
  for (const edge of graph.outEdges(node.id)) {
    if (followsForward(graph, cls, edge, scope)) steps.push({ edge, to: edge.to, mode: forwardArrival(graph, edge) });
  }
  if (state.mode === 'dispatch') {
    // A call to I.m / Base.m may run any implementation or override: walk their IMPLEMENTS/OVERRIDES backwards.
    for (const edge of graph.inEdges(node.id)) {
      if (isDispatchEdge(edge, graph)) steps.push({ edge, to: edge.from, mode: 'dispatch' });
    }
  }
  return steps;
}

/** A move that leads into a state, with the state it leaves from. */
export interface Predecessor {
  from: TraversalState;
  step: Step;
}

/**
 * The exact inverse of `forwardSteps`: every (state, step) whose forward step lands on `state`.
 * It lets path searches run from both ends (bidirectional BFS) under the very same policy; the
 * tests check the two stay inverse, so change them together.
 */
export function forwardPredecessors(graph: SymbolGraph, state: TraversalState): Predecessor[] {
  return forwardPredecessorsIn(graph, state, 'runtime');
}

/** The inverse of `forwardStepsWithTypes`. */
export function forwardPredecessorsWithTypes(graph: SymbolGraph, state: TraversalState): Predecessor[] {
  return forwardPredecessorsIn(graph, state, 'all');
}

/** The inverse of `callSteps`. */
export function callPredecessors(graph: SymbolGraph, state: TraversalState): Predecessor[] {
  return forwardPredecessorsIn(graph, state, 'calls');
}

function forwardPredecessorsIn(graph: SymbolGraph, state: TraversalState, scope: ForwardScope): Predecessor[] {
  const result: Predecessor[] = [];
  for (const edge of graph.inEdges(state.id)) {
    const from = graph.getNode(edge.from);
    if (!from || from.external) continue;
    if (!followsForward(graph, kindClass(from.kind), edge, scope)) continue;
    if (forwardArrival(graph, edge) !== state.mode) continue;
    const step: Step = { edge, to: state.id, mode: state.mode };
    // Plain out-edges are followed in both modes; only members ever hold the dispatch mode.
    result.push({ from: { id: from.id, mode: 'plain' }, step });
    if (isMemberKind(from.kind)) result.push({ from: { id: from.id, mode: 'dispatch' }, step });
  }
  if (state.mode === 'dispatch') {
    // Dispatch-down arrived here from the member this one implements or overrides.
    for (const edge of graph.outEdges(state.id)) {
      const declared = graph.getNode(edge.to);
      // Only a member holds the dispatch mode, so only a member can have dispatched down to here.
      if (!declared || declared.external || !isMemberKind(declared.kind) || !isDispatchEdge(edge, graph)) continue;
      result.push({ from: { id: declared.id, mode: 'dispatch' }, step: { edge, to: state.id, mode: 'dispatch' } });
    }
  }
  return result;
}

/** Who depends on this state's node? */
export const backwardSteps: StepFunction = (graph, state) => {
  const node = graph.getNode(state.id);
  if (!node) return [];
  const incoming = graph.inEdges(node.id);
  if (kindClass(node.kind) !== 'function-like') {
    // Classes and types are used in every way: instantiated, extended, implemented, taken, returned.
    return incoming.map((edge) => ({ edge, to: edge.from, mode: 'plain' as const }));
  }
  // Code is depended on by code that runs it. Not by type edges: two functions taking the same
  // parameter type do not depend on each other. Implementers/overriders of this member are
  // dependents too, except when we came up from one of them (its siblings do not depend on it).
  const followed = incoming.filter((e) => isRuntimeEdge(e.type) || (state.mode === 'plain' && isStructural(e)));
  const steps: Step[] = followed.map((edge) => ({ edge, to: edge.from, mode: 'plain' }));
  if (isDispatchMember(node.kind)) {
    // Callers of I.m / Base.m reach this implementation at run time: step up to the declaration.
    for (const edge of graph.outEdges(node.id)) {
      if (isDispatchEdge(edge, graph) && calledByUs(graph, edge.to)) steps.push({ edge, to: edge.to, mode: 'dispatch' });
    }
  }
  return steps;
};

/**
 * Whether stepping up to this declaration can reach a dependent: always for ours (its callers, and a
 * reader wants the contract a change must keep); for a library's interface or base method
 * (`yargs.CommandModule.handler`) only when code of ours calls it. The library's own calls are no
 * edges, so the step would end there, one IMPLEMENTS line per implementer and nothing learnt.
 */
function calledByUs(graph: SymbolGraph, id: string): boolean {
  if (!graph.getNode(id)?.external) return true;
  return graph.inEdges(id).some((e) => isRuntimeEdge(e.type));
}

/** Arriving at a member through a call or reference is what turns on dispatch for it. */
function forwardArrival(graph: SymbolGraph, edge: GraphEdge): StepMode {
  if (edge.type !== 'CALLS' && edge.type !== 'REFERENCES') return 'plain';
  const target: GraphNode | undefined = graph.getNode(edge.to);
  return target && isDispatchMember(target.kind) ? 'dispatch' : 'plain';
}

function isStructural(edge: GraphEdge): boolean {
  return edge.type === 'EXTENDS' || edge.type === 'IMPLEMENTS' || edge.type === 'OVERRIDES';
}

/** Members that can be implemented or overridden (constructors are not dispatched through). */
function isDispatchMember(kind: NodeKind): boolean {
  return kind === 'method-signature' || kind === 'method' || kind === 'getter' || kind === 'setter' || kind === 'property';
}

export type KindClass = 'function-like' | 'class' | 'type';

/** Exhaustive on purpose: a new NodeKind must be placed in the policy before it compiles. */
export function kindClass(kind: NodeKind): KindClass {
  switch (kind) {
    case 'module':
    case 'function':
    case 'method':
    case 'constructor':
    case 'getter':
    case 'setter':
    case 'property':
    case 'variable':
    case 'method-signature':
    case 'namespace':
      return 'function-like';
    case 'class':
      return 'class';
    case 'interface':
    case 'type':
    case 'enum':
      return 'type';
    default:
      return assertNever(kind);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled node kind: ${String(value)}`);
}
