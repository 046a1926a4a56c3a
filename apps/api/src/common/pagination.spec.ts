import { pageInfo, readPage } from './pagination';

describe('pagination', () => {
  it.each([
    [{}, 15, 1],
    [{ limit: '20', page: '3' }, 20, 3],
    [{ limit: '1000' }, 100, 1],
    [{ limit: '0', page: '0' }, 15, 1],
    [{ limit: 'ten', page: 'two' }, 15, 1],
    [{ limit: ['5', '6'] }, 5, 1],
  ])('reads %j as limit %i page %i', (query, limit, page) => {
    expect(readPage(query)).toEqual({ limit, page, offset: (page - 1) * limit });
  });

  it('describes the pages around the current one', () => {
    expect(pageInfo(31, { limit: 15, page: 1, offset: 0 })).toEqual({ result: 31, perpage: 15, currentpage: 1, nextpage: 2, maxpage: 3 });
    expect(pageInfo(31, { limit: 15, page: 3, offset: 30 })).toEqual({ result: 31, perpage: 15, currentpage: 3, nextpage: 3, maxpage: 3 });
    expect(pageInfo(0, { limit: 15, page: 1, offset: 0 })).toEqual({ result: 0, perpage: 15, currentpage: 1, nextpage: 1, maxpage: 0 });
  });
});
