import { QueryContext } from '../../src/core/query/QueryContext';
import { TestGraph } from './TestGraph';

/**
 * The dispatch fixture shared by the traversal tests:
 *
 *   interface Shape { area(); }          total()  --CALLS--> Shape.area
 *   class Circle implements Shape        Circle.area --IMPLEMENTS--> Shape.area, --CALLS--> piTimes
 *   class Square implements Shape        Square.area --IMPLEMENTS--> Shape.area, --CALLS--> squareOf
 *   class Sub extends Circle             Sub.area --OVERRIDES--> Circle.area, --CALLS--> round
 *   class Base / Derived extends Base    Derived.draw --OVERRIDES--> Base.draw; render() --CALLS--> Base.draw
 *   Derived.draw --CALLS--> stroke
 *
 * plus f and g that both TAKE the type Order (h calls f), for the "shared parameter type" rule.
 */
export function shapesFixture() {
  const g = new TestGraph();
  const ids = {
    Shape: g.node('src/shapes.ts', 'Shape', 'interface'),
    ShapeArea: g.node('src/shapes.ts', 'Shape.area', 'method-signature'),
    Circle: g.node('src/shapes.ts', 'Circle', 'class'),
    CircleArea: g.node('src/shapes.ts', 'Circle.area', 'method'),
    Square: g.node('src/shapes.ts', 'Square', 'class'),
    SquareArea: g.node('src/shapes.ts', 'Square.area', 'method'),
    Sub: g.node('src/shapes.ts', 'Sub', 'class'),
    SubArea: g.node('src/shapes.ts', 'Sub.area', 'method'),
    Base: g.node('src/draw.ts', 'Base', 'class'),
    BaseDraw: g.node('src/draw.ts', 'Base.draw', 'method'),
    Derived: g.node('src/draw.ts', 'Derived', 'class'),
    DerivedDraw: g.node('src/draw.ts', 'Derived.draw', 'method'),
    stroke: g.node('src/draw.ts', 'stroke', 'function'),
    piTimes: g.node('src/math.ts', 'piTimes', 'function'),
    squareOf: g.node('src/math.ts', 'squareOf', 'function'),
    round: g.node('src/math.ts', 'round', 'function'),
    total: g.node('src/app.ts', 'total', 'function'),
    render: g.node('src/app.ts', 'render', 'function'),
    Order: g.node('src/orders.ts', 'Order', 'interface'),
    Item: g.node('src/orders.ts', 'Item', 'interface'),
    f: g.node('src/orders.ts', 'f', 'function'),
    g: g.node('src/orders.ts', 'g', 'function'),
    h: g.node('src/orders.ts', 'h', 'function'),
  };
  g.edge(ids.Circle, 'IMPLEMENTS', ids.Shape)
    .edge(ids.Square, 'IMPLEMENTS', ids.Shape)
    .edge(ids.Sub, 'EXTENDS', ids.Circle)
    .edge(ids.CircleArea, 'IMPLEMENTS', ids.ShapeArea)
    .edge(ids.SquareArea, 'IMPLEMENTS', ids.ShapeArea)
    .edge(ids.SubArea, 'OVERRIDES', ids.CircleArea)
    .edge(ids.CircleArea, 'CALLS', ids.piTimes, [7])
    .edge(ids.SquareArea, 'CALLS', ids.squareOf, [12])
    .edge(ids.SubArea, 'CALLS', ids.round)
    .edge(ids.total, 'CALLS', ids.ShapeArea, [3])
    .edge(ids.Derived, 'EXTENDS', ids.Base)
    .edge(ids.DerivedDraw, 'OVERRIDES', ids.BaseDraw)
    .edge(ids.DerivedDraw, 'CALLS', ids.stroke)
    .edge(ids.render, 'CALLS', ids.BaseDraw)
    .edge(ids.f, 'TAKES', ids.Order)
    .edge(ids.g, 'TAKES', ids.Order)
    .edge(ids.h, 'CALLS', ids.f)
    .edge(ids.Order, 'HAS_PROPERTY', ids.Item);
  const ctx: QueryContext = g.context();
  return { ctx, ids };
}
