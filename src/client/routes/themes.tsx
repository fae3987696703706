import { useSearchParams } from 'react-router';
import { ThemeList } from '../features/themes/components/theme-list';
import { readBookType, readCharacter } from '../features/themes/links';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <ThemeList
      type={readBookType(searchParams.get('type'))}
      character={readCharacter(searchParams.get('character'))}
    />
  );
}
