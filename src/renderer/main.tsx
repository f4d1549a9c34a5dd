import './styles/tokens.css'
import './styles/app.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from './App'
import { bootI18n } from './i18n'

// The first render waits for the interface language's catalogs: no key or English flashes.
void bootI18n().then(
  () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => console.error('The interface language could not be loaded', error),
)
