import type { AppContext } from '../../context.js';
import { platformData } from '../../db/platform-data.js';

const PAGE_SIZE = 20;

interface HelpRow {
  id: number;
  title: string;
  description: string | null;
  video: string | null;
  total: string;
}

/** Escapes LIKE's wildcards so a search for "50%" finds the text "50%". */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of help articles for the admin list: titles containing the search (any case),
 * 20 a page by title, the total counted in the same query.
 */
export async function listHelpsPage(
  ctx: AppContext,
  o: { searchParam: string; pageNumber: number },
) {
  const offset = PAGE_SIZE * (o.pageNumber - 1);
  const rows = await platformData(ctx.ds).query<HelpRow>(
    `SELECT id, title, description, video, COUNT(*) OVER () AS total
       FROM helps
      WHERE title ILIKE $1
      ORDER BY title ASC, id ASC
      LIMIT $2 OFFSET $3`,
    [likePattern(o.searchParam.trim()), PAGE_SIZE, offset],
  );
  // Past the last page the window count is gone with the rows: count apart only then.
  const count = rows.length
    ? Number(rows[0]!.total)
    : Number(
        (
          await platformData(ctx.ds).query<{ n: string }>(
            'SELECT COUNT(*) AS n FROM helps WHERE title ILIKE $1',
            [likePattern(o.searchParam.trim())],
          )
        )[0]!.n,
      );
  const records = rows.map(({ id, title, description, video }) => ({
    id,
    title,
    description,
    video,
  }));
  return { records, count, hasMore: count > offset + records.length };
}
