/**
 * The accounting API's query language, as far as clients of bills, vendors and bill payments use
 * it:
 *
 *   SELECT * | count(*) FROM Bill | Vendor | BillPayment
 *     [WHERE <condition> [AND <condition>]…]
 *     [ORDERBY <field> [ASC | DESC] [, <field> [ASC | DESC]]…]
 *     [STARTPOSITION n] [MAXRESULTS m]
 *
 * A condition is `<field> <op> <value>` with `=`, `<`, `>`, `<=`, `>=`, `LIKE` (text fields, `%`
 * the only wildcard) or `IN (<value>, …)`; a value is quoted (`'5'`, `\'` for a quote), an unquoted
 * number (`Id = 5`, `TotalAmt > 100`) or `true`/`false`. Keywords are case-insensitive, as Intuit
 * takes them. Each entity has the fields Intuit documents as filterable and sortable for it
 * (FIELDS below); any other field, OR, GROUP BY, a projection or a JOIN is refused with a
 * QueryError (400 ValidationFault), as Intuit refuses them. Without ORDERBY the answer is in Id
 * order; ties of an ORDERBY are broken by Id, so pages never overlap. `count(*)` answers
 * `{totalCount}` of everything matching, whatever STARTPOSITION and MAXRESULTS say.
 */
import {
  MAX_RESULTS,
  parseTime,
  type Bill,
  type BillPayment,
  type RealmData,
  type Vendor,
} from './accounting';

/** A query the endpoint cannot run: answered 400 with a `Fault` of type ValidationFault. */
export class QueryError extends Error {}

export type QueryEntity = 'Vendor' | 'Bill' | 'BillPayment';
type Entity = Vendor | Bill | BillPayment;
type Value = number | string | boolean;

/** How a field's values compare: numbers and times as numbers, dates and text as text. */
type FieldKind = 'number' | 'text' | 'date' | 'time' | 'boolean';

interface Field {
  kind: FieldKind;
  sortable: boolean;
  read: (entity: Entity) => Value | undefined;
}

const field = (kind: FieldKind, sortable: boolean, read: (entity: Entity) => Value | undefined): Field => ({
  kind,
  sortable,
  read,
});
const billish = (entity: Entity) => entity as Partial<Bill & BillPayment & Vendor>;

const COMMON: Record<string, Field> = {
  Id: field('number', true, (entity) => Number(entity.Id)),
  'MetaData.CreateTime': field('time', true, (entity) => parseTime(entity.MetaData.CreateTime)),
  'MetaData.LastUpdatedTime': field('time', true, (entity) => parseTime(entity.MetaData.LastUpdatedTime)),
};
const VENDOR_REF = field('number', false, (entity) => {
  const ref = billish(entity).VendorRef;
  return ref ? Number(ref.value) : undefined;
});
const TOTAL = field('number', true, (entity) => billish(entity).TotalAmt);
const BALANCE = field('number', true, (entity) => billish(entity).Balance);
const TXN_DATE = field('date', true, (entity) => billish(entity).TxnDate);
const DOC_NUMBER = field('text', true, (entity) => billish(entity).DocNumber);

/** The fields each entity can be filtered (and, where `sortable`, ordered) by. */
const FIELDS: Record<QueryEntity, Record<string, Field>> = {
  Bill: {
    ...COMMON,
    VendorRef: VENDOR_REF,
    Balance: BALANCE,
    TotalAmt: TOTAL,
    TxnDate: TXN_DATE,
    DueDate: field('date', true, (entity) => billish(entity).DueDate),
    DocNumber: DOC_NUMBER,
  },
  Vendor: {
    ...COMMON,
    DisplayName: field('text', true, (entity) => billish(entity).DisplayName),
    Active: field('boolean', false, (entity) => billish(entity).Active),
    Balance: BALANCE,
  },
  BillPayment: {
    ...COMMON,
    VendorRef: VENDOR_REF,
    TotalAmt: TOTAL,
    TxnDate: TXN_DATE,
    DocNumber: DOC_NUMBER,
  },
};

interface Condition {
  field: string;
  op: '=' | '<' | '>' | '<=' | '>=' | 'IN' | 'LIKE';
  /** One value; several for IN. */
  values: Value[];
}

export interface ParsedQuery {
  entity: QueryEntity;
  /** `count(*)`: the number of matches instead of the matches. */
  count: boolean;
  conditions: Condition[];
  orderBy: Array<{ field: string; descending: boolean }>;
  /** 1-based, as Intuit counts. */
  startPosition: number;
  maxResults: number;
}

interface Token {
  kind: 'word' | 'number' | 'string' | 'symbol';
  text: string;
}

const TOKEN =
  /\s*(?:'((?:[^'\\]|\\.)*)'|(-?\d+(?:\.\d+)?)(?![\w.])|([A-Za-z_][\w.]*)|(<=|>=|!=|<>|[=<>(),*]))/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (;;) {
    const start = TOKEN.lastIndex;
    if (/^\s*$/.test(text.slice(start))) return tokens;
    const match = TOKEN.exec(text);
    if (!match) throw new QueryError(`Error parsing query near: ${text.slice(start, start + 40).trim()}`);
    if (match[1] !== undefined) tokens.push({ kind: 'string', text: match[1].replace(/\\(.)/g, '$1') });
    else if (match[2] !== undefined) tokens.push({ kind: 'number', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'word', text: match[3] });
    else tokens.push({ kind: 'symbol', text: match[4]! });
  }
}

export function parseQuery(text: string): ParsedQuery {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const isWord = (word: string) => peek()?.kind === 'word' && peek()!.text.toLowerCase() === word;
  const isSymbol = (symbol: string) => peek()?.kind === 'symbol' && peek()!.text === symbol;
  const fail = (what: string): never => {
    const near = tokens
      .slice(at, at + 4)
      .map((token) => token.text)
      .join(' ');
    throw new QueryError(`${what}${near ? ` near: ${near.slice(0, 60)}` : ''}`);
  };
  const expectWord = (word: string) => {
    if (!isWord(word)) fail(`Error parsing query: expected ${word.toUpperCase()}`);
    at += 1;
  };
  const expectSymbol = (symbol: string) => {
    if (!isSymbol(symbol)) fail(`Error parsing query: expected '${symbol}'`);
    at += 1;
  };
  const number = (clause: string) => {
    const token = peek();
    if (token?.kind !== 'number' || !/^\d+$/.test(token.text)) fail(`${clause} takes a whole number`);
    at += 1;
    return Number(token!.text);
  };

  expectWord('select');
  let count = false;
  if (isSymbol('*')) {
    at += 1;
  } else if (isWord('count')) {
    at += 1;
    expectSymbol('(');
    expectSymbol('*');
    expectSymbol(')');
    count = true;
  } else {
    fail('Only SELECT * and SELECT count(*) are supported (no projections)');
  }
  expectWord('from');
  const entityName = peek()?.kind === 'word' ? peek()!.text.toLowerCase() : '';
  const entity = ({ vendor: 'Vendor', bill: 'Bill', billpayment: 'BillPayment' } as const)[
    entityName as 'vendor' | 'bill' | 'billpayment'
  ];
  if (!entity) fail('Unsupported entity (Bill, Vendor and BillPayment are queryable here)');
  at += 1;
  const fields = FIELDS[entity];
  const fieldName = (clause: string) => {
    const token = peek();
    const name =
      token?.kind === 'word'
        ? Object.keys(fields).find((candidate) => candidate.toLowerCase() === token.text.toLowerCase())
        : undefined;
    if (!name) fail(`${clause}: not a queryable property of ${entity}`);
    at += 1;
    return name!;
  };

  const conditions: Condition[] = [];
  if (isWord('where')) {
    at += 1;
    do {
      if (conditions.length > 0) at += 1; // the AND
      const name = fieldName('WHERE');
      const kind = fields[name]!.kind;
      const opToken = peek();
      let op: Condition['op'];
      if (opToken?.kind === 'symbol' && ['=', '<', '>', '<=', '>='].includes(opToken.text)) {
        op = opToken.text as Condition['op'];
      } else if (opToken?.kind === 'word' && ['in', 'like'].includes(opToken.text.toLowerCase())) {
        op = opToken.text.toUpperCase() as 'IN' | 'LIKE';
      } else {
        op = fail(`Unsupported operator for ${name} (=, <, >, <=, >=, IN, LIKE)`);
      }
      at += 1;
      if (op === 'LIKE' && kind !== 'text') fail(`LIKE is for text properties, not ${name}`);
      const values: Value[] = [];
      if (op === 'IN') {
        expectSymbol('(');
        do {
          if (values.length > 0) at += 1; // the comma
          values.push(literal(name, kind, peek() ?? fail('a value is missing')));
          at += 1;
        } while (isSymbol(','));
        expectSymbol(')');
      } else {
        values.push(literal(name, kind, peek() ?? fail('a value is missing')));
        at += 1;
      }
      conditions.push({ field: name, op, values });
    } while (isWord('and'));
    if (isWord('or')) fail('OR is not supported in WHERE clauses');
  }

  const orderBy: ParsedQuery['orderBy'] = [];
  if (isWord('orderby')) {
    at += 1;
    do {
      if (orderBy.length > 0) at += 1; // the comma
      const name = fieldName('ORDERBY');
      if (!fields[name]!.sortable) fail(`ORDERBY: ${name} is not sortable`);
      let descending = false;
      if (isWord('asc') || isWord('desc')) {
        descending = isWord('desc');
        at += 1;
      }
      orderBy.push({ field: name, descending });
    } while (isSymbol(','));
  }
  let startPosition = 1;
  if (isWord('startposition')) {
    at += 1;
    startPosition = Math.max(1, number('STARTPOSITION'));
  }
  let maxResults = 100;
  if (isWord('maxresults')) {
    at += 1;
    maxResults = number('MAXRESULTS');
  }
  if (maxResults > MAX_RESULTS) throw new QueryError(`MAXRESULTS may be at most ${MAX_RESULTS}`);
  if (at < tokens.length) fail('Error parsing query: unexpected text');
  return { entity, count, conditions, orderBy, startPosition, maxResults };
}

/** A value as the field compares it; a value of the wrong kind is a QueryError as at Intuit. */
function literal(name: string, kind: FieldKind, token: Token): Value {
  const invalid = () => new QueryError(`Invalid value for ${name}: ${token.text.slice(0, 40)}`);
  if (token.kind !== 'string' && token.kind !== 'number' && token.kind !== 'word') throw invalid();
  switch (kind) {
    case 'number': {
      const value = token.kind === 'word' ? NaN : Number(token.text);
      if (token.text.trim() === '' || !Number.isFinite(value)) throw invalid();
      return value;
    }
    case 'time': {
      const value = token.kind === 'string' ? parseTime(token.text) : NaN;
      if (Number.isNaN(value)) throw invalid();
      return value;
    }
    case 'date':
      if (token.kind !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(token.text)) throw invalid();
      return token.text;
    case 'boolean': {
      const text = token.text.toLowerCase();
      if (text !== 'true' && text !== 'false') throw invalid();
      return text === 'true';
    }
    default:
      if (token.kind === 'word') throw invalid();
      return token.text;
  }
}

function compare(left: Value, right: Value): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left) < String(right) ? -1 : String(left) > String(right) ? 1 : 0;
}

function likePattern(pattern: string): RegExp {
  const source = pattern
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'i');
}

function matches(entity: Entity, condition: Condition, fields: Record<string, Field>): boolean {
  const actual = fields[condition.field]!.read(entity);
  if (actual === undefined || (typeof actual === 'number' && Number.isNaN(actual))) return false;
  const [expected] = condition.values as [Value];
  switch (condition.op) {
    case 'IN':
      return condition.values.some((value) => compare(actual, value) === 0);
    case 'LIKE':
      return likePattern(String(expected)).test(String(actual));
    case '=':
      return compare(actual, expected) === 0;
    case '<':
      return compare(actual, expected) < 0;
    case '>':
      return compare(actual, expected) > 0;
    case '<=':
      return compare(actual, expected) <= 0;
    default:
      return compare(actual, expected) >= 0;
  }
}

/**
 * The QueryResponse body: the page of matching entities in the order asked (Id order without
 * ORDERBY), `{}` past the end, or `{totalCount}` for `count(*)`, as Intuit answers them.
 */
export function runQuery(data: RealmData, query: ParsedQuery): Record<string, unknown> {
  const fields = FIELDS[query.entity];
  const all: Entity[] =
    query.entity === 'Vendor' ? data.vendors : query.entity === 'Bill' ? data.bills : data.billPayments;
  const matching = all.filter((entity) =>
    query.conditions.every((condition) => matches(entity, condition, fields)),
  );
  if (query.count) return { totalCount: matching.length };
  const id = fields.Id!;
  matching.sort((a, b) => {
    for (const { field: name, descending } of query.orderBy) {
      const left = fields[name]!.read(a);
      const right = fields[name]!.read(b);
      // An entity without the field (a payment without a DocNumber) sorts before one with it.
      const order =
        left === undefined || right === undefined
          ? Number(left !== undefined) - Number(right !== undefined)
          : compare(left, right);
      if (order !== 0) return descending ? -order : order;
    }
    return compare(id.read(a)!, id.read(b)!);
  });
  const page = matching.slice(query.startPosition - 1, query.startPosition - 1 + query.maxResults);
  return page.length === 0
    ? {}
    : { [query.entity]: page, startPosition: query.startPosition, maxResults: page.length };
}
