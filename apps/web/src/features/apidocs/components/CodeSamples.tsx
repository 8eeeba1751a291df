import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { sampleCode, sampleLanguages, type SampleRequest } from '../code-samples';
import { useSampleLanguage } from '../hooks/useSampleLanguage';
import { CodeBlock } from './CodeBlock';

/** The sample request of an action in curl, Python, JavaScript and PHP; the chosen language holds across the docs. */
export function CodeSamples({ request, name }: { request: SampleRequest; name: string }) {
  const [language, setLanguage] = useSampleLanguage();
  return (
    <Box>
      <Tabs
        value={language}
        onChange={(_e, value: (typeof sampleLanguages)[number]) => setLanguage(value)}
        aria-label={`Language of the ${name} sample request`}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, textTransform: 'none', py: 0.5 } }}
      >
        {sampleLanguages.map((l) => (
          <Tab key={l} value={l} label={l} />
        ))}
      </Tabs>
      <CodeBlock code={sampleCode(language, request)} label={`${name} sample request in ${language}`} />
    </Box>
  );
}
