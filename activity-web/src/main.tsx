import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Intent } from '../../src/activity/protocol.js';
import { type Connection, connect } from './connect.js';
import { Table } from './table.js';
import './styles.css';

function App() {
  const [connection, setConnection] = useState<Connection>({ phase: 'connecting', text: '' });
  const send = useRef<(intent: Intent) => void>(() => {});
  useEffect(() => {
    void connect(setConnection).then((sender) => {
      send.current = sender;
    });
  }, []);
  if (connection.phase === 'connecting') return <main class="centre">{connection.text || '…'}</main>;
  if (connection.phase === 'denied')
    return (
      <main class="centre">
        <p role="alert">{connection.text}</p>
      </main>
    );
  return (
    <Table
      table={connection.table}
      refused={connection.refused}
      reconnecting={connection.reconnecting}
      act={(intent) => send.current(intent)}
    />
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
