//! Binds, wires the actix `App` (middleware, `/api` routes, avatars, the web app) around the
//! shared [`AppState`](crate::state::AppState), and returns a handle the tests can spawn on a
//! free port.

use std::{net::TcpListener, path::PathBuf, sync::Arc};

use actix_files::{Files, NamedFile};
use actix_web::{
    dev::{fn_service, Server, ServiceRequest, ServiceResponse},
    http::header,
    middleware::{Condition, Logger},
    web, App, HttpResponse, HttpServer,
};
use anyhow::Context;

use crate::{
    configuration::Settings,
    error::{localize_errors, request_lang_and_method},
    routes,
    state::AppState,
};

pub struct Application {
    port: u16,
    server: Server,
    hub: actix::Addr<crate::realtime::Hub>,
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Application> {
        let listener =
            TcpListener::bind(settings.addr).with_context(|| format!("cannot listen on {}", settings.addr))?;
        let port = listener.local_addr()?.port();
        let state = Arc::new(AppState::new(settings).await?);
        let hub = state.realtime.hub.clone();
        let server = run(listener, state)?;
        Ok(Application { port, server, hub })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the server stops. On SIGTERM or Ctrl-C it first closes every WebSocket
    /// with 1001 (going away), so clients reconnect to another instance and resume at once,
    /// then stops gracefully.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let handle = self.server.handle();
        let hub = self.hub.clone();
        tokio::spawn(async move {
            shutdown_signal().await;
            tracing::info!("shutting down: closing sockets, finishing requests");
            let _ = hub.send(crate::realtime::hub::Shutdown).await;
            handle.stop(true).await;
        });
        self.server.await
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn run(listener: TcpListener, state: Arc<AppState>) -> anyhow::Result<Server> {
    let state = web::Data::from(state);
    let web_dir = state.settings.web_dir.clone();
    let keep_alive = state.settings.keep_alive;
    // The access log is off unless RUST_LOG asks for it (`actix_web::middleware::logger=info`):
    // Logger renders every line before the filter drops it, about 5 % of the CPU under load.
    let access_log = log::log_enabled!(target: "actix_web::middleware::logger", log::Level::Info);
    let avatars = state.settings.uploads_dir().join("avatars");
    std::fs::create_dir_all(&avatars)?;
    if !web_dir.join("index.html").is_file() {
        tracing::warn!(dir = %web_dir.display(), "the web app is not built; `make run` builds it");
    }
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .wrap_fn(|req, srv| {
                use actix_web::dev::Service;
                let (lang, method) = request_lang_and_method(&req);
                let fut = srv.call(req);
                async move { Ok(localize_errors(lang, method, fut.await?).await) }
            })
            // The path only: query strings may carry tokens, which never go to the log.
            .wrap(Condition::new(
                access_log,
                Logger::new("%{r}a \"%{method_path}xi\" %s %b %Dms")
                    .custom_request_replace("method_path", |req| format!("{} {}", req.method(), req.path())),
            ))
            .configure(routes::configure)
            .service(Files::new("/media/avatars", &avatars))
            .service(spa(&web_dir))
    })
    .keep_alive(keep_alive)
    // Small writes go out at once. With Nagle's algorithm a socket's second event waited for
    // the client's (delayed) acknowledgement of the first: a supervisor's tab receiving many
    // events got them up to 40 ms late (loadtest: replies p50 20 ms against notes' 11 ms).
    .tcp_nodelay(true)
    .listen(listener)?
    // Signals are ours (`run_until_stopped`): sockets are told to go away first.
    .disable_signals()
    .run();
    Ok(server)
}

/// The built web app; any path that is not a file gets index.html, so client routes load.
fn spa(web_dir: &std::path::Path) -> Files {
    let index: PathBuf = web_dir.join("index.html");
    Files::new("/", web_dir).index_file("index.html").default_handler(fn_service(move |req: ServiceRequest| {
        let index = index.clone();
        async move {
            let (req, _) = req.into_parts();
            let resp = match NamedFile::open_async(&index).await {
                Ok(file) => {
                    let mut resp = file.into_response(&req);
                    resp.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-cache"));
                    resp
                }
                Err(_) => HttpResponse::ServiceUnavailable().content_type("text/html; charset=utf-8").body(NOT_BUILT),
            };
            Ok(ServiceResponse::new(req, resp))
        }
    }))
}

const NOT_BUILT: &str =
    "<!doctype html><html lang=\"ar\" dir=\"rtl\"><head><meta charset=\"utf-8\"><title>لمسة · Lamsa</title></head>\
<body><main><h1>لمسة</h1><p>واجهة الويب غير مبنية بعد. شغّل <code>make run</code>.</p>\
<p lang=\"en\" dir=\"ltr\">The web app is not built yet. Run <code>make run</code>.</p></main></body></html>";
