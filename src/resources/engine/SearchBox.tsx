/**
 * Free-text search ('q' → stext). One or two characters are refused on the spot with
 * 'At least 3 characters' (SPEC.md point 5) instead of sending a query the server rejects.
 */
import { useEffect, useState } from 'react';
import { TextField, InputAdornment } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';
import { searchProblem } from '../../../core/lists/search';

export function SearchBox({ debounceMs = 400 }: { debounceMs?: number }) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);
  const problem = searchProblem(text);

  useEffect(() => {
    if (problem) return;
    const q = text.trim();
    if (q === current) return;
    const timer = setTimeout(() => {
      const { q: _previous, ...rest } = filterValues;
      setFilters(q ? { ...rest, q } : rest, displayedFilters);
    }, debounceMs);
    return () => clearTimeout(timer);
    // Only a change of the typed text starts a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <TextField
      size="small"
      type="search"
      label={translate('engine.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      error={!!problem}
      helperText={problem ? translate(problem) : ' '}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
