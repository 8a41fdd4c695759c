//! The event bus that carries "recipient R has notification N" between instances: in-process
//! by default, Redis pub/sub when `REDIS_URL` is set. The realtime layer builds on this.

use std::time::Duration;

use tokio::sync::broadcast;

/// The publisher's reconnect back-off (see [`Bus::redis`]); the subscriber uses the same.
pub const RECONNECT_MIN_DELAY: Duration = Duration::from_millis(100);
pub const RECONNECT_MAX_DELAY: Duration = Duration::from_millis(400);

#[derive(Clone, Debug)]
pub struct BusMessage {
    pub channel: String,
    pub payload: String,
}

#[derive(Clone)]
pub enum Bus {
    InProcess(broadcast::Sender<BusMessage>),
    Redis { client: redis::Client, publisher: Box<redis::aio::ConnectionManager> },
}

impl Bus {
    pub fn in_process() -> Bus {
        Bus::InProcess(broadcast::channel(4096).0)
    }

    pub async fn redis(url: &str) -> anyhow::Result<Bus> {
        let client = redis::Client::open(url)?;
        // The reconnect back-off, explicitly: the first retry after 100 ms, then doubling to at
        // most 400 ms (the crate adds up to as much again as jitter), so a Redis that comes back
        // is reached again within a second. With redis 0.27's defaults one failed try was
        // followed by a wait of 60–120 s, during which every publish timed out and
        // `/api/health` answered 503. After the retries the next command starts a new round;
        // the realtime keeper pings every second, so there always is one.
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_secs(2)))
            .set_response_timeout(Some(Duration::from_secs(2)))
            .set_min_delay(RECONNECT_MIN_DELAY)
            .set_max_delay(RECONNECT_MAX_DELAY)
            .set_exponent_base(2.0)
            .set_number_of_retries(8);
        let publisher = redis::aio::ConnectionManager::new_with_config(client.clone(), config).await?;
        Ok(Bus::Redis { client, publisher: Box::new(publisher) })
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Bus::InProcess(_) => "in-process",
            Bus::Redis { .. } => "redis",
        }
    }

    pub async fn publish(&self, channel: &str, payload: &str) -> anyhow::Result<()> {
        match self {
            Bus::InProcess(tx) => {
                // No receiver is not an error: nobody is listening right now.
                let _ = tx.send(BusMessage { channel: channel.into(), payload: payload.into() });
            }
            Bus::Redis { publisher, .. } => {
                let mut conn = (**publisher).clone();
                let _: i64 = redis::cmd("PUBLISH").arg(channel).arg(payload).query_async(&mut conn).await?;
            }
        }
        Ok(())
    }

    /// Publishes several messages with one round trip (a Redis pipeline), in order.
    pub async fn publish_many(&self, messages: &[(String, String)]) -> anyhow::Result<()> {
        match self {
            Bus::InProcess(_) => {
                for (channel, payload) in messages {
                    self.publish(channel, payload).await?;
                }
            }
            Bus::Redis { publisher, .. } => {
                let mut pipe = redis::pipe();
                for (channel, payload) in messages {
                    pipe.cmd("PUBLISH").arg(channel).arg(payload).ignore();
                }
                let mut conn = (**publisher).clone();
                pipe.query_async::<()>(&mut conn).await?;
            }
        }
        Ok(())
    }

    /// Whether the bus answers now (a PING within a second for Redis).
    pub async fn healthy(&self) -> bool {
        match self {
            Bus::InProcess(_) => true,
            Bus::Redis { publisher, .. } => {
                let mut conn = (**publisher).clone();
                let cmd = redis::cmd("PING");
                let ping = cmd.query_async::<String>(&mut conn);
                matches!(tokio::time::timeout(Duration::from_secs(1), ping).await, Ok(Ok(_)))
            }
        }
    }

    pub fn redis_client(&self) -> Option<&redis::Client> {
        match self {
            Bus::Redis { client, .. } => Some(client),
            Bus::InProcess(_) => None,
        }
    }
}
