import { describe, expect, it } from 'vitest';
import { ACROSS_STORES_MARK, storeKeyProblems } from './store-key-check.js';

const tables = (statement: string) => storeKeyProblems(statement).map((p) => p.table);

describe('the store key in every statement (decision 0049)', () => {
  it('passes statements that name their store by value', () => {
    expect(tables('select * from "orders" where "store_id" = $1 and "id" = $2')).toEqual([]);
    expect(tables('select * from "orders" as "o" where "o"."store_id" = ? and "o"."id" = ?')).toEqual([]);
    expect(
      tables('update "products" set "quantity" = "quantity" - $1 where "store_id" = $2 and "id" = $3'),
    ).toEqual([]);
    expect(tables('insert into "orders" ("id", "store_id", "number") values ($1, $2, $3)')).toEqual([]);
    expect(tables('select * from "orders" where "store_id" in ($1, $2)')).toEqual([]);
  });

  it('passes a join on the store key to a table filtered by value', () => {
    expect(
      tables(
        'select * from "order_items" as "i" inner join "orders" as "o" on "o"."store_id" = "i"."store_id" and "o"."id" = "i"."order_id" where "i"."store_id" = $1',
      ),
    ).toEqual([]);
    expect(
      tables(
        'select count(*) from products where products.store_id = ? and products.id in (select product_id from product_categories where store_id = ? and category_id = ?)',
      ),
    ).toEqual([]);
  });

  it('flags a statement that finds a row by its id alone', () => {
    expect(tables('select * from "wallet_transactions" where "id" = $1')).toEqual(['wallet_transactions']);
    expect(tables('update "api_keys" set "last_used_at" = ? where "id" = ?')).toEqual(['api_keys']);
    expect(tables('delete from "orders" where "id" = ?')).toEqual(['orders']);
    expect(tables('insert into "audits" ("id", "action") values (?, ?)')).toEqual(['audits']);
  });

  it('flags a join that leaves one tenant table without the key', () => {
    expect(
      tables(
        'select * from "memberships" as "m" inner join "roles" as "r" on "r"."id" = "m"."role_id" where "m"."store_id" = ?',
      ),
    ).toEqual(['roles']);
    // A key compared with another table's non-key column is no route.
    expect(
      tables('select * from "memberships" as "m" join sessions s on m.store_id = s.current_store_id'),
    ).toEqual(['memberships']);
  });

  it('flags a subquery tied to the store only through the query around it', () => {
    // Citus prunes a subquery's shards by values: one correlated on `store_id` alone runs on
    // every shard, even when the outer query names its store.
    expect(
      tables(
        'select c.id, (select count(*) from product_categories pc where pc.store_id = c.store_id and pc.category_id = c.id) as n from categories c where c.store_id = $1',
      ),
    ).toEqual(['product_categories']);
    expect(
      tables(
        'select c.id, (select count(*) from product_categories pc where pc.store_id = $1 and pc.category_id = c.id) as n from categories c where c.store_id = $2',
      ),
    ).toEqual([]);
    // A join inside the subquery still routes with its table filtered by value there.
    expect(
      tables(
        "select p.id, (select sum(i.quantity) from order_items i join orders o on o.store_id = i.store_id and o.id = i.order_id where i.store_id = $1 and i.product_id = p.id and o.status in ('success', '(x')) as units from products p where p.store_id = $2",
      ),
    ).toEqual([]);
  });

  it('leaves shared tables and marked statements alone', () => {
    expect(tables('select * from "users" where "id" = ?')).toEqual([]);
    expect(tables(`select * from "api_keys" where "key_hash" = ? ${ACROSS_STORES_MARK}`)).toEqual([]);
  });
});
